import { settingsEndpoints as api } from '@chat/contracts';
import { implement, parseMultipart } from '@chat/http';
import type { SettingsContext } from '../app';
import { deleteEmoji, MAX_EMOJI_FILE_MB, realmEmojiDict, uploadEmoji } from '../domain/realm-emoji';

const MAX_FILE_BYTES = MAX_EMOJI_FILE_MB * 1024 * 1024;

export function realmEmojiEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getRealmEmoji, async ({ identity }) => ({ emoji: await realmEmojiDict(ctx.db.knex, identity.realmId) })),
    implement(api.uploadCustomEmoji, async ({ identity, params, req, rawBody }) => {
      const { files } = await parseMultipart(req.header('content-type'), rawBody ?? Buffer.alloc(0), MAX_FILE_BYTES);
      return uploadEmoji(ctx, identity.realmId, identity.userId, params.emoji_name, files);
    }),
    implement(api.deleteCustomEmoji, ({ identity, params }) => deleteEmoji(ctx, identity.realmId, identity.userId, params.emoji_name)),
  ];
}
