/**
 * The gateway's public-paths list (what the Ingress routes) covers every route it serves at the
 * root and none of what stays inside the cluster, and the web client's page is served exactly
 * where that list says: the root and the invitation links, never another path.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { API_PREFIX, emojiImagePath, SERVER_EMOJI_DATA_PATH } from '@chat/contracts';
import { EVENT_TIER_PATHS, isPublicPath, ROUTES, WEB_APP_CSP, webAppRouter } from '../src';

/** A path a declared route answers: each variable segment replaced by a value. */
function samplePath(path: string): string {
  return path.replace(/[:*][A-Za-z0-9_]+/g, 'x1');
}

describe('the public paths', () => {
  it('cover every client-facing route, at the root or under the API prefixes', () => {
    const uncovered = ROUTES.map((route) => (route.root ? '' : API_PREFIX) + samplePath(route.path)).filter((path) => !isPublicPath(path));
    expect(uncovered).toEqual([]);
    expect(ROUTES.filter((route) => route.root).length).toBeGreaterThan(0);
  });

  it("cover the gateway's own files, previews, the web page and its assets", () => {
    for (const path of [SERVER_EMOJI_DATA_PATH, emojiImagePath('1f44d'), '/thumbnail', '/', '/assets/index-1a2b.js']) {
      expect({ path, public: isPublicPath(path) }).toEqual({ path, public: true });
    }
  });

  it('leave out what stays inside the cluster, and paths nobody serves', () => {
    for (const path of ['/metrics', '/health/live', '/health/ready', '/static/other.txt', '/login', '/thumbnail/x', '/api']) {
      expect({ path, public: isPublicPath(path) }).toEqual({ path, public: false });
    }
  });

  it("send the event tier's routes there, under both prefixes", () => {
    expect([...EVENT_TIER_PATHS]).toEqual(['/api/v1/register', '/api/v1/events', '/json/register', '/json/events']);
  });
});

describe("the web client's page", () => {
  let dir: string;
  let app: express.Express;
  const key = 'abcdefghijklmnopqrstuvwx';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chat-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Chat</title>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1);');
    writeFileSync(join(dir, 'stray.txt'), 'not listed');
    writeFileSync(join(dir, 'service-worker.js'), 'self.addEventListener("push", () => undefined);');
    app = express();
    app.use(webAppRouter(dir));
    app.use((_req, res) => {
      res.status(404).json({ result: 'error', msg: 'Not Found' });
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is served at the root and where invitation links lead, with its security headers', async () => {
    for (const path of ['/', '/index.html', `/accounts/do_confirm/${key}`, `/join/${key}/`]) {
      const res = await request(app).get(path);
      expect({ path, status: res.status, type: res.type, csp: res.headers['content-security-policy'] }).toEqual({
        path,
        status: 200,
        type: 'text/html',
        csp: WEB_APP_CSP,
      });
      expect(res.text).toContain('<title>Chat</title>');
    }
  });

  it('is not served at other paths, nor is a file of the build the list does not name', async () => {
    for (const path of ['/login', '/metrics', '/health/ready', '/accounts/login', '/stray.txt', '/assets/missing.js']) {
      const res = await request(app).get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const asset = await request(app).get('/assets/app-1a2b.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker at the root, uncached, with the whole origin as its scope', async () => {
    const res = await request(app).get('/service-worker.js').expect(200);
    expect(res.type).toBe('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers['content-security-policy']).toBe(WEB_APP_CSP);
  });
});
