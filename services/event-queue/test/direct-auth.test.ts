import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { Authenticator } from '@chat/auth';
import { createApiKeyCipher, getUserByEmail, type Database } from '@chat/db';
import { MemoryRateLimitStore, RateLimiter } from '@chat/http';
import { MemoryQueueStore } from '@chat/queue-store';
import { basicAuth, devRealmId, headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { plainEventsHandler, withPlainEvents } from '../src/routes/plain-events';
import { LocalPolls } from '../src/lib/polls';

jest.setTimeout(30_000);

/** The event tier reached without the gateway (the ingress routes /register and /events to it). */
describe('event-queue: clients authenticated without the gateway', () => {
  const config = testConfig();
  const cipher = createApiKeyCipher(config.apiKeySecret);
  let db: Database;
  let app: Express;

  const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
  async function keyOf(email: string): Promise<string> {
    const user = await getUserByEmail(db.knex, await devRealmId(db), email);
    if (!user) throw new Error(`no user ${email}`);
    return cipher.decrypt(user.api_key_enc);
  }

  beforeAll(async () => {
    db = await seededDatabase(config);
    const deps = { config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() };
    app = buildApp({ ...deps, authenticator: new Authenticator(db.knex, cipher) });
  });
  afterAll(() => db.close());

  it('serves /register, GET and DELETE /events under HTTP Basic', async () => {
    const auth = basic('hamlet@zulip.com', await keyOf('hamlet@zulip.com'));
    const registered = await request(app)
      .post('/api/v1/register')
      .set('authorization', auth)
      .type('form')
      .send({ event_types: '["message"]' });
    expect(registered.status).toBe(200);
    const queueId = registered.body.queue_id as string;
    const polled = await request(app)
      .get('/api/v1/events')
      .set('authorization', auth)
      .query({ queue_id: queueId, last_event_id: -1, dont_block: true });
    expect(polled.body).toEqual({ result: 'success', msg: '', events: [], handler_id: expect.any(Number) });
    const deleted = await request(app).delete('/api/v1/events').set('authorization', auth).type('form').send({ queue_id: queueId });
    expect(deleted.body).toEqual({ result: 'success', msg: '' });
  });

  it("answers bad credentials with the gateway's bodies", async () => {
    const missing = await request(app).get('/api/v1/events').query({ queue_id: '1:1', last_event_id: -1 });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required' });
    const wrongKey = await request(app)
      .post('/api/v1/register')
      .set('authorization', basic('hamlet@zulip.com', 'x'.repeat(32)));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toEqual({ result: 'error', msg: 'Invalid API key' });
    const otherUsersKey = await request(app)
      .post('/api/v1/register')
      .set('authorization', basic('hamlet@zulip.com', await keyOf('othello@zulip.com')));
    expect(otherUsersKey.status).toBe(401);
    const notBasic = await request(app).post('/api/v1/register').set('authorization', 'Bearer abc');
    expect(notBasic.status).toBe(400);
    expect(notBasic.body).toEqual({ result: 'error', msg: 'This endpoint requires HTTP basic authentication.' });
  });

  it("still takes the gateway's signed identity, and never an unsigned one", async () => {
    const viaGateway = await request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, 'othello@zulip.com'));
    expect(viaGateway.status).toBe(200);
    const forged = { ...(await headersFor(db, config, 'othello@zulip.com')), 'x-chat-signature': 'forged' };
    const refused = await request(app)
      .post('/api/v1/register')
      .set(forged)
      .set('authorization', basic('hamlet@zulip.com', await keyOf('hamlet@zulip.com')));
    expect(refused.status).toBe(401);
  });
});

/**
 * A direct request skipped the gateway's limiter, so the event tier counts it with the same
 * limiter (on express and on the plain /events path alike); a forwarded one is not counted again.
 */
describe('event-queue: rate limit of clients that come without the gateway', () => {
  const config = testConfig();
  const cipher = createApiKeyCipher(config.apiKeySecret);
  const PER_MINUTE = 3;
  let db: Database;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    db = await seededDatabase(config);
    const rateLimiter = new RateLimiter({ store: new MemoryRateLimitStore(), perMinute: PER_MINUTE, logger: testLogger() });
    const deps = {
      config,
      db,
      store: new MemoryQueueStore(),
      logger: testLogger(),
      polls: new LocalPolls(),
      authenticator: new Authenticator(db.knex, cipher),
      rateLimiter,
    };
    server = createServer(withPlainEvents(plainEventsHandler(deps), buildApp(deps)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  });

  async function basicOf(email: string): Promise<string> {
    const user = await getUserByEmail(db.knex, await devRealmId(db), email);
    return basicAuth(email, cipher.decrypt(user!.api_key_enc));
  }

  function expectLimited(res: request.Response): void {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': expect.any(Number) });
    expect(res.headers['retry-after']).toBe(String(res.body['retry-after']));
    expect(res.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
  }

  it('counts /register and both /events paths in one window per user, with the gateway headers', async () => {
    const auth = await basicOf('hamlet@zulip.com');
    const registered = await request(url).post('/api/v1/register').set('authorization', auth);
    expect(registered.status).toBe(200);
    expect(registered.headers['x-ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
    const queue = { queue_id: registered.body.queue_id as string, last_event_id: -1, dont_block: 'true' };
    // No body: the plain node:http path.
    const plain = await request(url).get('/api/v1/events').set('authorization', auth).query(queue);
    expect(plain.status).toBe(200);
    expect(plain.headers['x-ratelimit-remaining']).toBe(String(PER_MINUTE - 2));
    const deleted = await request(url).delete('/api/v1/events').set('authorization', auth).type('form').send({ queue_id: queue.queue_id });
    expect(deleted.headers['x-ratelimit-remaining']).toBe('0');

    expectLimited(await request(url).post('/api/v1/register').set('authorization', auth));
    expectLimited(await request(url).get('/api/v1/events').set('authorization', auth).query(queue));
    // Another user has a window of their own.
    const other = await request(url)
      .post('/api/v1/register')
      .set('authorization', await basicOf('othello@zulip.com'));
    expect(other.status).toBe(200);
  });

  it('never counts a request the gateway forwarded (the gateway counted it)', async () => {
    const signed = await headersFor(db, config, 'iago@zulip.com');
    for (let i = 0; i < PER_MINUTE + 2; i++) {
      const res = await request(url).post('/api/v1/register').set(signed);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
