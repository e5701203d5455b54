import request from 'supertest';
import type { Express } from 'express';
import { Authenticator } from '@chat/auth';
import { createApiKeyCipher, getUserByEmail, type Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { devRealmId, headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/polls';

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
    const registered = await request(app).post('/api/v1/register').set('authorization', auth).type('form').send({ event_types: '["message"]' });
    expect(registered.status).toBe(200);
    const queueId = registered.body.queue_id as string;
    const polled = await request(app).get('/api/v1/events').set('authorization', auth).query({ queue_id: queueId, last_event_id: -1, dont_block: true });
    expect(polled.body).toEqual({ result: 'success', msg: '', events: [], handler_id: expect.any(Number) });
    const deleted = await request(app).delete('/api/v1/events').set('authorization', auth).type('form').send({ queue_id: queueId });
    expect(deleted.body).toEqual({ result: 'success', msg: '' });
  });

  it("answers bad credentials with the gateway's bodies", async () => {
    const missing = await request(app).get('/api/v1/events').query({ queue_id: '1:1', last_event_id: -1 });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required' });
    const wrongKey = await request(app).post('/api/v1/register').set('authorization', basic('hamlet@zulip.com', 'x'.repeat(32)));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toEqual({ result: 'error', msg: 'Invalid API key' });
    const otherUsersKey = await request(app).post('/api/v1/register').set('authorization', basic('hamlet@zulip.com', await keyOf('othello@zulip.com')));
    expect(otherUsersKey.status).toBe(401);
    const notBasic = await request(app).post('/api/v1/register').set('authorization', 'Bearer abc');
    expect(notBasic.status).toBe(400);
    expect(notBasic.body).toEqual({ result: 'error', msg: 'This endpoint requires HTTP basic authentication.' });
  });

  it("still takes the gateway's signed identity, and never an unsigned one", async () => {
    const viaGateway = await request(app).post('/api/v1/register').set(await headersFor(db, config, 'othello@zulip.com'));
    expect(viaGateway.status).toBe(200);
    const forged = { ...(await headersFor(db, config, 'othello@zulip.com')), 'x-chat-signature': 'forged' };
    const refused = await request(app).post('/api/v1/register').set(forged).set('authorization', basic('hamlet@zulip.com', await keyOf('hamlet@zulip.com')));
    expect(refused.status).toBe(401);
  });
});
