/**
 * Zulip 2.1's route table (docs/zulip-2.1-routes.md): every route is served as a declaration of
 * the gateway's route table, or listed there with the reason it is not. Served routes answer an
 * unauthenticated request with anything but 404/405 (no state changes: nothing authenticates);
 * routes that are not served answer Zulip's 404 (or 405 where another method of the path is).
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ROUTES } from '@chat/gateway-service';
import { startStandalone, type Standalone } from '@chat/standalone';
import { testConfig, testLogger } from '@chat/testing';

interface ListedRoute {
  readonly prefix: 'api' | 'root';
  readonly method: string;
  readonly path: string;
  readonly served: boolean;
  readonly reason: string;
}

const TABLE = path.join(__dirname, '..', 'docs', 'zulip-2.1-routes.md');

function listedRoutes(): ListedRoute[] {
  return fs
    .readFileSync(TABLE, 'utf8')
    .split('\n')
    .filter((line) => /^\| (api|root) \|/.test(line))
    .map((line) => {
      const [prefix = '', method = '', routePath = '', status = '', reason = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { prefix: prefix as 'api' | 'root', method, path: routePath, served: status === 'served', reason };
    });
}

/** A path's shape with its parameters blanked: `/messages/{message_id}` and `/messages/:message_id` agree. */
function shape(routePath: string): string {
  return routePath.replace(/\{[^}]+\}|:[a-z_]+|\*[a-z_]+/g, '_');
}

/** A concrete path to send: numbers for ids, a word for names. */
function concrete(routePath: string): string {
  return routePath.replace(/\{([^}]+)\}/g, (_m, name: string) => (/id$/.test(name) ? '1' : 'zzz'));
}

const routes = listedRoutes();
const served = routes.filter((r) => r.served);
const notServed = routes.filter((r) => !r.served);
/** The declarations under /api/v1 (`api ...`) and those served from the root (`root ...`), by method and path shape. */
const declared = new Set(ROUTES.map((r) => `${r.root ? 'root' : 'api'} ${r.method} ${shape(r.path)}`));
const key = (r: ListedRoute) => `${r.prefix} ${r.method} ${shape(r.path)}`;

describe("Zulip 2.1's route table", () => {
  it('is read from the docs whole: each route once, every route not served with its reason', () => {
    expect(routes.length).toBeGreaterThan(120);
    const keys = routes.map((r) => `${r.prefix} ${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(notServed.filter((r) => r.reason.length < 20)).toEqual([]);
    expect(routes.filter((r) => r.served && r.reason !== '')).toEqual([]);
  });

  it('has a declaration for every route it marks served, and none for a route it does not', () => {
    expect(served.filter((r) => !declared.has(key(r)))).toEqual([]);
    expect(notServed.filter((r) => declared.has(key(r)))).toEqual([]);
  });

  describe('over HTTP', () => {
    let server: Standalone;
    beforeAll(async () => {
      server = await startStandalone({ config: testConfig(), logger: testLogger() });
    });
    afterAll(() => server.stop());

    const send = (r: ListedRoute) => {
      const url = `${r.prefix === 'api' ? '/api/v1' : ''}${concrete(r.path)}`;
      return request(server.app)[r.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
    };

    it('answers every served route (unauthenticated, so nothing changes) with neither 404 nor 405', async () => {
      const wrong: string[] = [];
      for (const r of served) {
        const res = await send(r);
        if (res.status === 404 || res.status === 405) wrong.push(`${r.prefix} ${r.method} ${r.path}: ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });

    it("answers every route not served with Zulip's 404, or 405 where the path has other methods", async () => {
      const wrong: string[] = [];
      for (const r of notServed) {
        const res = await send(r);
        const siblingServed = served.some((s) => s.prefix === r.prefix && shape(s.path) === shape(r.path));
        const expected = siblingServed ? 405 : 404;
        if (res.status !== expected || res.body.result !== 'error') wrong.push(`${r.method} ${r.path}: ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
