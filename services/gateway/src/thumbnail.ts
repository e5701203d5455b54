/**
 * GET /thumbnail?url=...&size=thumbnail|full: Zulip 2.1's markdown points inline previews of
 * uploaded images here (`<img src="/thumbnail?url=%2Fuser_uploads%2F...&size=thumbnail">`), and
 * Zulip without a thumbnailing service answers with a redirect to the file itself. So does this
 * server: only to an upload of this server (a path under /user_uploads/), which enforces its own
 * access rules, so the redirect reveals nothing and opens no redirect to another site.
 */
import type { RequestHandler } from 'express';
import { setRouteTemplate } from '@chat/http';

const SIZES = new Set(['thumbnail', 'full']);

export function serveThumbnail(): RequestHandler {
  return (req, res) => {
    setRouteTemplate(res, '/thumbnail');
    const { url, size } = req.query;
    if (typeof size !== 'string' || !SIZES.has(size)) {
      res.status(403).type('html').send('<p>Invalid size.</p>');
      return;
    }
    if (typeof url !== 'string' || !url.startsWith('/user_uploads/') || url.includes('\\') || url.includes('//')) {
      res.status(403).type('html').send('<p>You are not authorized to view this file.</p>');
      return;
    }
    res.redirect(302, url);
  };
}
