/**
 * The gateway's rate-limit steps with a clock the test moves: Zulip's exact 429 (a fractional
 * retry-after, as zerver/tests/test_external.py checks), the headers on allowed requests, the
 * window sliding, and the per-IP rules of the API-key endpoints and webhooks.
 */
import request from 'supertest';
import type { Express, RequestHandler } from 'express';
import { Authenticator } from '@chat/auth';
import { SERVICE_NAMES, type ServiceName } from '@chat/config';
import { createApiKeyCipher, type Database } from '@chat/db';
import { MemoryRateLimitStore, RateLimiter, UNAUTHENTICATED_PER_MINUTE, type RateLimitStore } from '@chat/http';
import { basicAuth, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildGateway } from '../src/app';

jest.setTimeout(30_000);

const config = testConfig();
const T0 = 1_700_000_000_000;
const PER_MINUTE = 4;

describe('gateway rate limiting (fake clock)', () => {
  let db: Database;
  let app: Express;
  let now = T0;
  let hamlet: string;
  let othello: string;
  let cipher: ReturnType<typeof createApiKeyCipher>;

  /** A gateway whose services all answer 200: only its own steps are under test. */
  const gatewayWith = (store: RateLimitStore): Express => {
    const answer: RequestHandler = (_req, res) => {
      res.json({ result: 'success', msg: '' });
    };
    return buildGateway({
      db: db.knex,
      externalHost: config.externalHost,
      authenticator: new Authenticator(db.knex, cipher),
      logger: testLogger(),
      dispatch: Object.fromEntries(SERVICE_NAMES.map((name) => [name, answer])) as Record<ServiceName, RequestHandler>,
      rateLimiter: new RateLimiter({ store, perMinute: PER_MINUTE, logger: testLogger(), clock: () => now }),
    });
  };

  beforeAll(async () => {
    db = await seededDatabase(config);
    cipher = createApiKeyCipher(config.apiKeySecret);
    const authOf = async (email: string) => {
      const row = (await db.knex('users').where({ email }).first('api_key_enc')) as { api_key_enc: string };
      return basicAuth(email, cipher.decrypt(row.api_key_enc));
    };
    [hamlet, othello] = await Promise.all([authOf('hamlet@zulip.com'), authOf('othello@zulip.com')]);
    app = gatewayWith(new MemoryRateLimitStore());
  });
  afterAll(() => db.close());

  const me = (auth: string) => request(app).get('/api/v1/users/me').set('Authorization', auth);

  it('counts down in X-RateLimit-Remaining, then answers Zulip 2.1 429 with a fractional retry-after', async () => {
    now = T0;
    const first = await me(hamlet);
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('4');
    expect(first.headers['x-ratelimit-remaining']).toBe('3');
    expect(first.headers['x-ratelimit-reset']).toBe(String((T0 + 60_000) / 1000));
    for (const remaining of ['2', '1', '0']) {
      now += 1000;
      expect((await me(hamlet)).headers['x-ratelimit-remaining']).toBe(remaining);
    }

    now = T0 + 59_500;
    const refused = await me(hamlet);
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('{"result":"error","msg":"API usage exceeded rate limit","retry-after":0.5}\n');
    expect(refused.headers['retry-after']).toBe('0.5');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe(String(Math.floor((T0 + 60_000) / 1000)));
    // Another user has a window of their own.
    expect((await me(othello)).status).toBe(200);

    // The first request leaves the window: one slot, and the next frees a second later.
    now = T0 + 60_000;
    const free = await me(hamlet);
    expect(free.status).toBe(200);
    expect(free.headers['x-ratelimit-remaining']).toBe('0');
    expect(free.headers['x-ratelimit-reset']).toBe(String((T0 + 61_000) / 1000));
    expect((await me(hamlet)).status).toBe(429);
  });

  it('does not count requests without valid credentials against anyone', async () => {
    now = T0 + 10 * 60_000;
    for (let i = 0; i < PER_MINUTE + 2; i++) expect((await me(basicAuth('hamlet@zulip.com', 'wrong'))).status).toBe(401);
    expect((await me(hamlet)).headers['x-ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
  });

  it('limits the API-key endpoints per IP, and webhooks only for refused keys', async () => {
    now = T0 + 20 * 60_000;
    const fetchKey = () => request(app).post('/api/v1/fetch_api_key').type('form').send({ username: 'hamlet@zulip.com', password: 'x' });
    for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE; i++) expect((await fetchKey()).status).toBe(200);
    const refused = await fetchKey();
    expect(refused.status).toBe(429);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(UNAUTHENTICATED_PER_MINUTE));

    const webhook = (key: string) => request(app).post('/api/v1/external/helloworld').query({ api_key: key });
    // Logins used up their window; webhooks count apart, and only refused keys.
    for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE; i++) expect((await webhook('bad')).status).toBe(401);
    expect((await webhook('bad')).status).toBe(429);
    now += 60_000;
    expect((await webhook('bad')).status).toBe(401);
    expect((await request(app).get('/api/v1/server_settings')).status).toBe(200);
  });

  it('lets requests through when the store fails (Redis away), rather than failing them', async () => {
    const away = new Error("Stream isn't writeable and enableOfflineQueue options is false");
    const failing: RateLimitStore = { hit: () => Promise.reject(away), peek: () => Promise.reject(away), close: async () => undefined };
    const unlimited = gatewayWith(failing);
    for (let i = 0; i < PER_MINUTE + 2; i++) {
      const res = await request(unlimited).get('/api/v1/users/me').set('Authorization', hamlet);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
