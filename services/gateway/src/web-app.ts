/**
 * The web client (apps/web, built by Vite) served at `/`: its hashed assets with a year's cache,
 * and its one page where a person opens it (`/`, invitation links: public-paths.ts), with the content
 * security policy, the anti-framing headers and, before anyone logs in, the CSRF cookie the
 * login form sends back (docs/security.md).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import { anonymousCsrfCookie } from '@chat/auth';
import { matchesPublicPath, SERVICE_WORKER_PATH, WEB_ASSETS_PATH, WEB_PAGE_PATHS, WEB_ROOT_FILES } from './public-paths';

/**
 * The app's policy: only its own scripts, styles and connections; images also from data/blob
 * URLs (previews, pasted files) and HTTPS (avatars, images linked in messages).
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'self'",
].join('; ');

const NOT_BUILT = `The web client is not built. Run \`npm run build:web\` (npm start does it for you).\n`;

/** WEB_DIR, or the build beside this source in a checkout (the image sets WEB_DIR). */
export function webDirFor(configured: string): string {
  return configured || resolve(__dirname, '../../../apps/web/dist');
}

export function webAppRouter(dir: string): Router {
  const router = Router();
  const indexPath = join(dir, 'index.html');
  // Hashed names never change content: a year's cache. A name no build has (an old page asking
  // for a replaced file) is a plain 404, never the page.
  router.use(
    WEB_ASSETS_PATH,
    express.static(join(dir, WEB_ASSETS_PATH), { immutable: true, maxAge: '365d', index: false }),
    (_req, res) => {
      res.status(404).type('text/plain').send('Not Found\n');
    },
  );
  const page: RequestHandler = async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !WEB_PAGE_PATHS.some((entry) => matchesPublicPath(entry, req.path))) {
      next();
      return;
    }
    res.setHeader('Content-Security-Policy', WEB_APP_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-cache');
    const cookie = anonymousCsrfCookie(req);
    if (cookie) res.setHeader('Set-Cookie', cookie);
    // Read at each request (a few hundred bytes, from the page cache), so a rebuild is served at once.
    const index = await readFile(indexPath).catch(() => null);
    if (!index) {
      res.status(503).type('text/plain').send(NOT_BUILT);
      return;
    }
    res.type('html').send(index);
  };
  // Files at the root of the build (favicon, manifest) as they are, those the public paths list;
  // the page (index.html included) only with its headers.
  const rootFile = express.static(dir, { index: false, maxAge: '1h' });
  // The service worker: checked again at every navigation (a stale worker would keep old code for a
  // day), its scope the whole origin, and held to the page's policy.
  const serviceWorker = express.static(dir, {
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Service-Worker-Allowed', '/');
      res.setHeader('Content-Security-Policy', WEB_APP_CSP);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  for (const file of WEB_ROOT_FILES) router.get(file, file === SERVICE_WORKER_PATH ? serviceWorker : rootFile);
  router.use(page);
  return router;
}
