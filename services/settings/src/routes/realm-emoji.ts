import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeleteEmoji, doUploadEmoji } from '../actions/realm-emoji';
import { listRealmEmoji } from '../queries/realm-emoji';

export function realmEmojiEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getRealmEmoji, ({ identity }) => listRealmEmoji(ctx, identity.realmId)),
    implement(api.uploadCustomEmoji, ({ identity, params, req, rawBody }) =>
      doUploadEmoji(ctx, identity.realmId, identity.userId, params.emoji_name, { contentType: req.header('content-type'), body: rawBody }),
    ),
    implement(api.deleteCustomEmoji, ({ identity, params }) => doDeleteEmoji(ctx, identity.realmId, identity.userId, params.emoji_name)),
  ];
}
