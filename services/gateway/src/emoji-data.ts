/**
 * The emoji names file of /register's server_emoji_data_url, served without login as Zulip serves
 * its static files. Built once per process and sent with a validator, since it never changes
 * while the server runs.
 */
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { serverEmojiData } from '@chat/markdown';

export function serveEmojiData(): RequestHandler {
  let body: { text: string; etag: string } | undefined;
  return (req, res) => {
    if (!body) {
      const text = JSON.stringify(serverEmojiData());
      body = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    }
    res.set('Cache-Control', 'public, max-age=86400').set('ETag', body.etag);
    if (req.headers['if-none-match'] === body.etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body.text);
  };
}
