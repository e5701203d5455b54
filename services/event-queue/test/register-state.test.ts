import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';

describe('POST /register initial state', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const register = async (email: string, form: Record<string, string> = {}) =>
    request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, email))
      .type('form')
      .send(form);

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
  });
  afterAll(() => db.close());

  it('returns every type when neither event_types nor fetch_event_types is given', async () => {
    const res = await register('hamlet@zulip.com');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ result: 'success', last_event_id: -1, queue_id: expect.stringMatching(/^\d+:\d+$/) });
    for (const key of [
      'max_message_id',
      'pointer',
      'muted_topics',
      'realm_emoji',
      'realm_users',
      'realm_non_active_users',
      'subscriptions',
      'unsubscribed',
      'never_subscribed',
      'unread_msgs',
      'streams',
      'realm_default_streams',
      'realm_name',
      'realm_uri',
      'enable_desktop_notifications',
      'available_notification_sounds',
      'twenty_four_hour_time',
      'emojiset_choices',
      'zulip_version',
    ]) {
      expect(body).toHaveProperty(key);
    }
    expect(body.subscriptions.map((s: { name: string }) => s.name)).toEqual(['Denmark', 'Verona']);
    expect(body.never_subscribed.map((s: { name: string }) => s.name)).toEqual(['Rome', 'Scotland', 'Venice']);
    expect(body.subscriptions[0]).not.toHaveProperty('subscribers');
    expect(body.realm_users.map((u: { email: string }) => u.email)).toContain('iago@zulip.com');
    expect(body.realm_users[0]).not.toHaveProperty('is_active');
    expect(body.unread_msgs).toEqual({ pms: [], streams: [], huddles: [], mentions: [], count: 0, old_unreads_missing: false });
    expect(body).toMatchObject({
      pointer: -1,
      max_message_id: -1,
      muted_topics: [],
      realm_name: 'Zulip Dev',
      zulip_version: '10.0',
      zulip_feature_level: 371,
      zulip_merge_base: '10.0',
    });
  });

  it('fetches only what fetch_event_types asks for, else what event_types asks for', async () => {
    const onlyMessages = await register('hamlet@zulip.com', { event_types: '["message"]' });
    // The version keys come with every answer, whatever was fetched.
    const versions = ['zulip_feature_level', 'zulip_merge_base', 'zulip_version'];
    expect(Object.keys(onlyMessages.body).sort()).toEqual(['last_event_id', 'max_message_id', 'msg', 'queue_id', 'result', ...versions]);
    expect(onlyMessages.body).toMatchObject({ zulip_version: '10.0', zulip_feature_level: 371, zulip_merge_base: '10.0' });
    const fetchEmoji = await register('hamlet@zulip.com', { event_types: '["message"]', fetch_event_types: '["realm_emoji"]' });
    expect(fetchEmoji.body.realm_emoji).toEqual({});
    expect(fetchEmoji.body).not.toHaveProperty('max_message_id');
    expect(Object.keys(fetchEmoji.body).sort()).toEqual(['last_event_id', 'msg', 'queue_id', 'realm_emoji', 'result', ...versions]);
  });

  it('lists subscribers by user id with include_subscribers', async () => {
    const res = await register('hamlet@zulip.com', { fetch_event_types: '["subscription"]', include_subscribers: 'true' });
    const denmark = res.body.subscriptions.find((s: { name: string }) => s.name === 'Denmark');
    expect(denmark.subscribers).toHaveLength(5);
    expect(denmark.subscribers.every((id: unknown) => typeof id === 'number')).toBe(true);
  });

  it('shows a guest only its own streams', async () => {
    const res = await register('polonius@zulip.com', { fetch_event_types: '["subscription","stream","default_streams"]' });
    expect(res.body.never_subscribed).toEqual([]);
    expect(res.body.streams.map((s: { name: string }) => s.name)).toEqual(['Verona']);
    expect(res.body.realm_default_streams).toEqual([]);
  });

  it('refuses a guest a queue for every public stream (Zulip: guests read only their streams)', async () => {
    const res = await register('polonius@zulip.com', { all_public_streams: 'true' });
    expect([res.status, res.body]).toEqual([400, { result: 'error', msg: 'User not authorized for this query' }]);
    expect((await register('hamlet@zulip.com', { all_public_streams: 'true' })).status).toBe(200);
  });

  it('refuses narrow operators events cannot be filtered by', async () => {
    const res = await register('hamlet@zulip.com', { narrow: '[["search","x"]]' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Operator search not supported.');
  });
});
