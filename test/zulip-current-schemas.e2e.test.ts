/**
 * Every endpoint whose answer Zulip's current OpenAPI document describes (the vendored part,
 * libs/testing/reference/zulip-current-openapi.json) answers in that shape, but for the
 * differences the reported feature level explains, each listed with its reason in
 * ./mobile-app.reference.ts. The registration and its events are checked in
 * ./mobile-app.e2e.test.ts.
 */
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, testConfig, testLogger, validateResponse, zulipOperations } from '@chat/testing';
import { REGISTER_SCHEMA_DIFFERENCES, withoutKnownDifferences } from './mobile-app.reference';

type Json = Record<string, unknown>;

describe("answers against Zulip's current schemas", () => {
  let server: Standalone;
  let hamlet: ApiClient;
  let iago: ApiClient;
  let hamletId: number;
  let denmarkId: number;
  const answers = new Map<string, Json>();

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
    hamlet = await new ApiClient(server.app).loginAs('hamlet@zulip.com');
    iago = await new ApiClient(server.app).loginAs('iago@zulip.com');
    hamletId = (await hamlet.get('/users/me')).body.user_id as number;
    denmarkId = (await hamlet.get('/get_stream_id', { stream: 'Denmark' })).body.stream_id as number;
    await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'schemas', content: 'checked' });
  });
  afterAll(() => server.stop());

  /** What each vendored operation is called with here. */
  const calls: Record<string, () => Promise<Json>> = {
    'GET /server_settings': async () => (await request(server.app).get('/api/v1/server_settings')).body as Json,
    'POST /register': async () => (await hamlet.post('/register', { slim_presence: true })).body as Json,
    'GET /events': async () => {
      const queue = (await hamlet.post('/register', { event_types: ['message'] })).body as Json;
      return (await hamlet.get('/events', { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).body as Json;
    },
    'GET /messages': async () => (await hamlet.get('/messages', { anchor: 'newest', num_before: 5, num_after: 0 })).body as Json,
    'POST /messages': async () =>
      (await hamlet.post('/messages', { type: 'channel', to: denmarkId, topic: 'schemas', content: 'again' })).body as Json,
    'GET /users/me/subscriptions': async () => (await hamlet.get('/users/me/subscriptions')).body as Json,
    'POST /users/me/subscriptions': async () =>
      (await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'schema checks' }] })).body as Json,
    'DELETE /users/me/subscriptions': async () =>
      (await hamlet.delete('/users/me/subscriptions', { subscriptions: ['schema checks'] })).body as Json,
    'GET /users': async () => (await hamlet.get('/users')).body as Json,
    'POST /users': async () =>
      (await iago.post('/users', { email: 'schemas@zulip.com', password: 'a-long-password', full_name: 'Schemas', short_name: 'schemas' }))
        .body as Json,
    'GET /users/{user_id}': async () => (await hamlet.get(`/users/${hamletId}`)).body as Json,
    'GET /users/me': async () => (await hamlet.get('/users/me')).body as Json,
    'GET /users/me/alert_words': async () => (await hamlet.get('/users/me/alert_words')).body as Json,
    'POST /users/me/presence': async () =>
      (await hamlet.post('/users/me/presence', { status: 'active', slim_presence: true })).body as Json,
    'GET /users/me/{stream_id}/topics': async () => (await hamlet.get(`/users/me/${denmarkId}/topics`)).body as Json,
    'POST /fetch_api_key': async () =>
      (await request(server.app).post('/api/v1/fetch_api_key').type('form').send({ username: 'iago@zulip.com', password: 'wrong' }))
        .body as Json,
    'POST /dev_fetch_api_key': async () =>
      (await request(server.app).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'hamlet@zulip.com' })).body as Json,
    'GET /realm/emoji': async () => (await hamlet.get('/realm/emoji')).body as Json,
    'GET /realm/profile_fields': async () => (await hamlet.get('/realm/profile_fields')).body as Json,
  };

  it('calls every vendored operation', () => {
    expect(Object.keys(calls).sort()).toEqual(zulipOperations());
  });

  it.each(Object.keys(calls))('%s', async (operation) => {
    const body = await calls[operation]!();
    answers.set(operation, body);
    // A failed login is an error answer, which Zulip's success schema does not describe.
    if (body.result === 'error') {
      expect(operation).toBe('POST /fetch_api_key');
      return;
    }
    expect(body.result).toBe('success');
    expect(withoutKnownDifferences(validateResponse(operation, body), REGISTER_SCHEMA_DIFFERENCES)).toEqual([]);
  });
});
