import { pipeline } from 'node:stream/promises';
import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import { storedFileHeaders } from '@chat/storage';
import type { SettingsContext } from '../deps';
import { doDeleteEmoji, doUploadEmoji } from '../actions/realm-emoji';
import { listRealmEmoji, servedImage } from '../queries/realm-emoji';

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
      const image = await servedImage(ctx, key);
      if (!image) {
        res.status(404).type('text/html; charset=utf-8').send('<p>File not found.</p>');
        return RESPONDED;
      }
      const fileName = key.slice(key.lastIndexOf('/') + 1);
      const headers = {
        ...storedFileHeaders({ contentType: image.contentType, size: image.file.size, fileName, inline: true }),
        'Cache-Control': IMAGE_CACHE,
      };
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      await pipeline(image.file.stream, res).catch(() => res.destroy());
      return RESPONDED;
    }),
  ];
}
