/**
 * In the spirit of Zulip's test_events: for each action, the state registered before it with the
 * action's events applied equals the state a fresh /register returns after it. This checks that
 * every event the action emits is complete and reaches the user, and that /register and the
 * events agree on shapes.
 */
import { ApiClient, applyEvent } from '@chat/testing';
import { describeBothTopologies } from './topologies';

const TYPES = ['message', 'muted_topics', 'pointer', 'realm_user', 'subscription', 'update_display_settings', 'update_global_notifications'];
/** Keys that differ between two registrations whatever happens. */
const VOLATILE = new Set(['queue_id', 'last_event_id', 'result', 'msg']);

type State = Record<string, unknown>;

async function events(client: ApiClient, queueId: string, atLeast: number): Promise<Record<string, unknown>[]> {
  const collected: Record<string, unknown>[] = [];
  let lastEventId = -1;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
    for (const event of res.body.events as Record<string, unknown>[]) {
      lastEventId = event.id as number;
      collected.push(event);
    }
    if (collected.length >= atLeast) {
      // Give anything else the action emitted a moment to arrive too.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const more = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
      collected.push(...(more.body.events as Record<string, unknown>[]));
      return collected;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${atLeast} events, got ${collected.length}`);
}

function comparable(state: State): State {
  return Object.fromEntries(Object.entries(state).filter(([key]) => !VOLATILE.has(key)));
}

describeBothTopologies('events applied to the initial state', (env) => {
  let hamlet: ApiClient;
  let iago: ApiClient;

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
  });

  async function check(action: () => Promise<unknown>, expectedEvents: number): Promise<void> {
    const before = await hamlet.post('/register', { event_types: TYPES });
    expect(before.status).toBe(200);
    await action();
    const applied = structuredClone(before.body) as State;
    for (const event of await events(hamlet, before.body.queue_id, expectedEvents)) {
      applyEvent(applied, event as Record<string, unknown> & { type: string });
    }
    const after = await hamlet.post('/register', { event_types: TYPES });
    expect(comparable(applied)).toEqual(comparable(after.body));
  }

  it('changing a notification setting', async () => {
    await check(() => hamlet.patch('/settings/notifications', { enable_sounds: false }), 1);
  });

  it('changing a display setting', async () => {
    await check(() => hamlet.patch('/settings/display', { twenty_four_hour_time: true }), 1);
  });

  it('muting a topic', async () => {
    await check(() => hamlet.patch('/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: 'boat party', op: 'add' }), 1);
  });

  it('subscribing to a stream and unsubscribing again', async () => {
    await check(() => hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'Scotland' }] }), 1);
    await check(() => hamlet.delete('/users/me/subscriptions', { subscriptions: ['Scotland'] }), 1);
  });

  it('changing a subscription property', async () => {
    await check(
      () => hamlet.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: 2, property: 'pin_to_top', value: true }] }),
      1,
    );
  });

  it('receiving a message', async () => {
    await check(() => iago.post('/messages', { type: 'stream', to: 'Denmark', topic: 'apply', content: 'hello' }), 1);
  });

  it('an administrator renaming the user', async () => {
    const me = await hamlet.get('/users/me');
    await check(() => iago.patch(`/users/${me.body.user_id}`, { full_name: 'King Hamlet II' }), 1);
  });
});
