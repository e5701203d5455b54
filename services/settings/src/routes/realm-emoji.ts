import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import { serveStoredFile } from '@chat/storage';
import type { SettingsContext } from '../deps';
import { doDeleteEmoji, doUploadEmoji } from '../actions/realm-emoji';
import { servedImageType } from '../lib/served-images';
import { listRealmEmoji } from '../queries/realm-emoji';

/**
 * A served file keeps its bytes for good (a new emoji image is a new emoji id, a new avatar or
 * realm image a new version in its name): a year's cache.
 */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

export function realmEmojiEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getRealmEmoji, ({ identity }) => listRealmEmoji(ctx, identity.realmId)),
    implement(api.uploadCustomEmoji, ({ identity, params, req, rawBody }) =>
      doUploadEmoji(ctx, identity.realmId, identity.userId, params.emoji_name, { contentType: req.header('content-type'), body: rawBody }),
    ),
    implement(api.deleteCustomEmoji, ({ identity, params }) => doDeleteEmoji(ctx, identity.realmId, identity.userId, params.emoji_name)),
    // Zulip's serve_local_avatar_unauthed, with the headers every stored file is served with.
    implement(api.getCustomEmojiImage, async ({ req, res }): Promise<typeof RESPONDED> => {
      const segments = (req.params as { path?: string[] | string }).path ?? [];
      const key = Array.isArray(segments) ? segments.join('/') : segments;
      // Only the keys of the images this path serves are read here, so no other stored file is ever reached.
      const contentType = servedImageType(key);
      const fileName = key.slice(key.lastIndexOf('/') + 1);
      const served =
        contentType !== undefined &&
        (await serveStoredFile(res, ctx.files, { key, contentType, fileName, inline: true, cacheControl: IMAGE_CACHE }));
      if (!served) res.status(404).type('text/html; charset=utf-8').send('<p>File not found.</p>');
      return RESPONDED;
    }),
  ];
}
