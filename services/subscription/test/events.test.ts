/**
 * One action per event type and op this service emits, each event checked against its schema in
 * libs/events (the helper validates every event it reads); and the schemas do reject wrong shapes.
 */
import type { EventType } from '@chat/events';
import { expectValidEvent, ofType, startHarness, type Harness } from './helpers';

describe('subscription service events match their schemas', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function emitted(action: () => Promise<unknown>, type: EventType, op?: string) {
    const mark = await h.mark();
    await action();
    const found = ofType(await h.events(mark), type, op);
    expect(found.length).toBeGreaterThan(0);
    return found;
  }

  it.each([
    ['subscription', 'add', () => h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'ev1' }] })],
    ['subscription', 'peer_add', () => h.as('othello@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'ev1' }] })],
    ['subscription', 'remove', () => h.as('othello@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['ev1'] })],
    [
      'subscription',
      'peer_remove',
      () =>
        h
          .as('othello@zulip.com')
          .post('/users/me/subscriptions', { subscriptions: [{ name: 'ev1' }] })
          .then(() => h.as('othello@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['ev1'] })),
    ],
    [
      'subscription',
      'update',
      async () =>
        h.as('hamlet@zulip.com').post('/users/me/subscriptions/properties', {
          subscription_data: [{ stream_id: await h.streamId('ev1'), property: 'is_muted', value: true }],
        }),
    ],
    ['stream', 'create', () => h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'ev2' }] })],
    ['stream', 'vacate', () => h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['ev2'] })],
    ['stream', 'occupy', () => h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'ev2' }] })],
    ['stream', 'update', async () => h.as('iago@zulip.com').patch(`/streams/${await h.streamId('ev2')}`, { description: 'updated' })],
    ['stream', 'delete', async () => h.as('iago@zulip.com').delete(`/streams/${await h.streamId('ev2')}`)],
    [
      'muted_topics',
      undefined,
      () => h.as('hamlet@zulip.com').patch('/users/me/subscriptions/muted_topics', { stream: 'ev1', topic: 'quiet', op: 'add' }),
    ],
    ['default_streams', undefined, () => h.as('iago@zulip.com').post('/default_streams', { stream_name: 'ev1' })],
  ] as [EventType, string | undefined, () => Promise<unknown>][])('%s %s', async (type, op, action) => {
    const notices = await emitted(action, type, op);
    for (const notice of notices) expect(notice.userIds.length).toBeGreaterThan(0);
  });

  it('the schemas reject events of the wrong shape', () => {
    expect(() => expectValidEvent({ type: 'subscription', op: 'peer_add', stream_ids: ['x'], user_ids: [1] })).toThrow();
    // 2.1's one-user-per-event peer_add is not what a feature level 277 server sends.
    expect(() => expectValidEvent({ type: 'subscription', op: 'peer_add', subscriptions: ['x'], user_id: 1 })).toThrow();
    expect(() => expectValidEvent({ type: 'subscription', op: 'remove', subscriptions: [{ name: 'x' }] })).toThrow();
    expect(() => expectValidEvent({ type: 'stream', op: 'create', streams: [{ name: 'x' }] })).toThrow();
    expect(() => expectValidEvent({ type: 'muted_topics', muted_topics: [['only stream']] })).toThrow();
    expect(() => expectValidEvent({ type: 'subscription', op: 'peer_add', stream_ids: [2], user_ids: [1, 3], id: 3 })).not.toThrow();
  });
});
