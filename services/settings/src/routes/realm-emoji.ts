import { defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { deleteEmoji, MAX_EMOJI_FILE_MB, realmEmojiDict, uploadEmoji } from '../domain/realm-emoji';
import { parseMultipart } from '@chat/http';

const emojiName = { emoji_name: p.string({ required: true }) };
const MAX_FILE_BYTES = MAX_EMOJI_FILE_MB * 1024 * 1024;

export function realmEmojiEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/realm/emoji',
      auth: 'user',
      params: {},
      handler: async ({ identity }) => ({ emoji: await realmEmojiDict(ctx.db.knex, identity.realmId) }),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/realm/emoji/:emoji_name',
      auth: 'user',
      params: emojiName,
      // The image comes as a multipart file, which the shared form parsers refuse; a little room
      // above the file limit lets an oversized file get Zulip's message instead of a bare 413.
      rawBody: { limit: MAX_FILE_BYTES + 1024 * 1024 },
      handler: async ({ identity, params, req, rawBody }) => {
        const { files } = await parseMultipart(req.header('content-type'), rawBody ?? Buffer.alloc(0), MAX_FILE_BYTES);
        return uploadEmoji(ctx, identity.realmId, identity.userId, params.emoji_name, files);
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/realm/emoji/:emoji_name',
      auth: 'user',
      params: emojiName,
      handler: ({ identity, params }) => deleteEmoji(ctx, identity.realmId, identity.userId, params.emoji_name),
    }),
  ];
}
