/**
 * The unicode emoji images at @chat/contracts' EMOJI_IMAGES_PATH (Zulip's
 * /static/generated/emoji/images-google-64/<emoji_code>.png), served without login as Zulip
 * serves its static files. The images are Google's Noto Emoji (Apache License 2.0), as packaged
 * by iamcal's emoji-datasource-google (MIT), the set Zulip's default "google" emoji come from;
 * the gateway's README records their origin.
 *
 * A request names an emoji_code, which is looked up in a table built from the package's own
 * emoji.json; a name that is not in it is a 404, so no part of the request ever becomes a path.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RequestHandler } from 'express';
import { notFoundHandler } from '@chat/http';

interface DataSourceImage {
  unified: string;
  non_qualified: string | null;
  image: string;
  has_img_google: boolean;
}

/**
 * The emoji_code of an entry as this server names emoji (libs/markdown's and the reactions'):
 * its code points in lower case without the emoji presentation selector (FE0F).
 */
function emojiCode(entry: DataSourceImage): string {
  return (entry.non_qualified ?? entry.unified).toLowerCase();
}

/** The images' folder, and `<emoji_code>.png` -> the image's name in it, for every emoji the package has a Google image of. */
export function emojiImageFiles(): { folder: string; files: Map<string, string> } {
  const dataFile = require.resolve('emoji-datasource-google/emoji.json');
  const entries = JSON.parse(readFileSync(dataFile, 'utf8')) as DataSourceImage[];
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (entry.has_img_google) files.set(`${emojiCode(entry)}.png`, entry.image);
  }
  return { folder: join(dirname(dataFile), 'img', 'google', '64'), files };
}

/** A year: an emoji_code always names the same image (a new image set is a new package version). */
const MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export function serveEmojiImages(): RequestHandler {
  let images: ReturnType<typeof emojiImageFiles> | undefined;
  return (req, res, next) => {
    images ??= emojiImageFiles();
    const file = images.files.get(String(req.params.file));
    if (!file) {
      notFoundHandler(req, res, next);
      return;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The name is the package's own (never the request's), sent from its folder.
    res.sendFile(file, { root: images.folder, maxAge: MAX_AGE_MS, immutable: true }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}
