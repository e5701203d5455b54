/**
 * The API reference: the OpenAPI document (built from the declarations, @chat/http's openapi.ts)
 * at /api/v1/openapi.json, and a page at /api/v1/docs that renders it with Redoc's standalone
 * bundle, served from here (the `redoc` package), so reading the reference needs no network
 * beyond this server.
 */
import { readFileSync } from 'node:fs';
import { type RequestHandler, Router } from 'express';
import { API_PREFIX, setRouteTemplate, type OpenApiDocument } from '@chat/http';

export const API_DOCS_PATH = `${API_PREFIX}/docs`;
export const REDOC_SCRIPT_PATH = `${API_DOCS_PATH}/redoc.standalone.js`;

/**
 * The reference page's policy: the app's (web-app.ts), relaxed only as Redoc needs and only here.
 * - style-src 'unsafe-inline': Redoc styles itself through styled-components, which writes
 *   generated rules into <style> elements at run time (no nonce or hash can name them).
 * - worker-src blob: its search index runs in a Web Worker made from a blob: URL.
 * - img-src keeps 'self' and data: (its icons are data: URIs): the "API docs by Redocly" logo
 *   it would load from a CDN stays blocked, so opening the page sends nothing elsewhere.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'worker-src blob:',
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'none'",
].join('; ');

/** The bundle has no hash in its name: an hour's cache, so an upgrade shows within one. */
const SCRIPT_MAX_AGE_SECONDS = 3600;

function redocBundle(): Buffer {
  return readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'));
}

function page(title: string): string {
  // Redoc finds the <redoc> element and loads the document itself (no inline script to allow).
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</title><link rel="icon" href="data:,"></head>
<body><noscript>This page needs JavaScript. The reference itself is <a href="${API_PREFIX}/openapi.json">${API_PREFIX}/openapi.json</a>.</noscript>
<redoc spec-url="${API_PREFIX}/openapi.json" required-props-first="true" expand-responses="200" hide-hostname="true"></redoc>
<script src="${REDOC_SCRIPT_PATH}"></script>
</body></html>
`;
}

function withHeaders(template: string, contentType: string, cacheControl: string, body: string | Buffer): RequestHandler {
  return (_req, res) => {
    setRouteTemplate(res, template);
    res.setHeader('Content-Security-Policy', API_DOCS_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Cache-Control', cacheControl);
    res.type(contentType).send(body);
  };
}

/** Mounted under API_PREFIX (so /json/docs is the same page). */
export function apiDocsRouter(doc: OpenApiDocument): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    setRouteTemplate(res, `${API_PREFIX}/openapi.json`);
    res.json(doc);
  });
  router.get('/docs', withHeaders(API_DOCS_PATH, 'html', 'no-cache', page(doc.info.title)));
  router.get(
    '/docs/redoc.standalone.js',
    withHeaders(REDOC_SCRIPT_PATH, 'application/javascript; charset=utf-8', `public, max-age=${SCRIPT_MAX_AGE_SECONDS}`, redocBundle()),
  );
  return router;
}
