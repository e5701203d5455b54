/**
 * In the spirit of Zulip's test_events: for each action, the state registered before it with the
 * action's events applied equals the state a fresh /register returns after it. This checks that
 * every event the action emits is complete and reaches the user, and that /register and the
 * events agree on shapes.
 */
import { ApiClient, applyEvent, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

const TYPES = [
  'message',
  'muted_topics',
  'pointer',
  'realm_bot',
  'realm_user',
  'recent_private_conversations',
  'subscription',
  'update_display_settings',
  'update_global_notifications',
];
/** Keys that differ between two registrations whatever happens. */
const VOLATILE = new Set(['queue_id', 'last_event_id', 'result', 'msg']);

type State = Record<string, unknown>;

/**
 * The queue's events once it holds `atLeast`, and anything else the action emitted: `behindThem`
 * resolves once an event committed after the action's has reached the user's queues.
 */
async function events(
  client: ApiClient,
  queueId: string,
  atLeast: number,
  behindThem: () => Promise<void>,
): Promise<Record<string, unknown>[]> {
  const collected: Record<string, unknown>[] = [];
  let lastEventId = -1;
  const fetchNewer = async (): Promise<void> => {
    const res = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
    for (const event of res.body.events as Record<string, unknown>[]) {
      lastEventId = event.id as number;
      collected.push(event);
    }
  };
  const enough = async () => {
    await fetchNewer();
    return collected.length >= atLeast;
  };
  await waitFor(enough, 10_000, { stepMs: 25, what: `${atLeast} events` });
  await behindThem();
  await fetchNewer();
  return collected;
}

/**
 * Bot keys are compared apart: realm_bot events carry none (keys are encrypted at rest and events
 * sit in the outbox in clear), so a client fetches a new bot's key through GET /bots.
 */
function comparable(state: State): State {
  const kept = Object.fromEntries(Object.entries(state).filter(([key]) => !VOLATILE.has(key)));
  if (Array.isArray(kept.realm_bots)) {
    kept.realm_bots = (kept.realm_bots as Record<string, unknown>[]).map(({ api_key: _key, ...bot }) => bot);
  }
  return kept;
}

describeBothTopologies('events applied to the initial state', (env) => {
  let hamlet: ApiClient;
  let iago: ApiClient;
  /** A queue of hamlet's for typing notifications only: the marker behind each action's events. */
  const marker = { queueId: '', lastEventId: -1, hamletId: 0 };

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    marker.hamletId = (await hamlet.get('/users/me')).body.user_id as number;
    marker.queueId = (await hamlet.post('/register', { event_types: ['typing'] })).body.queue_id as string;
  });

  /**
   * Resolves once every event committed so far has reached hamlet's queues: a typing notice from
   * iago, committed after them in the same realm, is delivered after them (one bus partition, in
   * commit order), so once the marker queue holds it, they have arrived too.
   */
  async function behindEarlierEvents(): Promise<void> {
    expect((await iago.post('/typing', { op: 'start', to: [marker.hamletId] })).status).toBe(200);
    const arrived = async () => {
      const res = await hamlet.get('/events', { queue_id: marker.queueId, last_event_id: marker.lastEventId, dont_block: true });
      const typing = res.body.events as { id: number }[];
      marker.lastEventId = typing.at(-1)?.id ?? marker.lastEventId;
      return typing.length > 0;
    };
    await waitFor(arrived, 10_000, { stepMs: 25, what: 'the typing notice behind the events' });
  }

  async function check(action: () => Promise<unknown>, expectedEvents: number, types = TYPES): Promise<State> {
    const before = await hamlet.post('/register', { event_types: types });
    expect(before.status).toBe(200);
    await action();
    const applied = structuredClone(before.body) as State;
    for (const event of await events(hamlet, before.body.queue_id, expectedEvents, behindEarlierEvents)) {
      applyEvent(applied, event as Record<string, unknown> & { type: string });
    }
    const after = await hamlet.post('/register', { event_types: types });
    expect(comparable(applied)).toEqual(comparable(after.body));
    return after.body as State;
  }

  it('changing a notification setting', async () => {
    await check(() => hamlet.patch('/settings/notifications', { enable_sounds: false }), 1);
  });

  it('changing a display setting', async () => {
    await check(() => hamlet.patch('/settings/display', { twenty_four_hour_time: true }), 1);
  });

  it('changing settings through PATCH /settings, seen in user_settings', async () => {
    // Values no other step of this file sets, so each is a change whatever ran before.
    const settings = {
      send_private_typing_notifications: false,
      display_emoji_reaction_users: false,
      default_language: 'es',
      timezone: 'Asia/Tokyo',
    };
    const after = await check(() => hamlet.patch('/settings', settings), 4, ['user_settings']);
    expect(after.user_settings).toMatchObject(settings);
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
      () =>
        hamlet.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: 2, property: 'pin_to_top', value: true }] }),
      1,
    );
  });

  it('receiving a message', async () => {
    await check(() => iago.post('/messages', { type: 'stream', to: 'Denmark', topic: 'apply', content: 'hello' }), 1);
  });

  it("an administrator adding, changing and removing one of the realm's e-mail domains", async () => {
    await check(() => iago.post('/realm/domains', { domain: 'apply.example', allow_subdomains: false }), 1, ['realm_domains']);
    await check(() => iago.patch('/realm/domains/apply.example', { allow_subdomains: true }), 1, ['realm_domains']);
    await check(() => iago.delete('/realm/domains/apply.example'), 1, ['realm_domains']);
  });

  it('an administrator adding, editing and reordering custom profile fields', async () => {
    const types = ['custom_profile_fields'];
    let first = 0;
    let second = 0;
    await check(
      async () => (first = (await iago.post('/realm/profile_fields', { name: 'Apply one', field_type: 1 })).body.id as number),
      1,
      types,
    );
    await check(
      async () => (second = (await iago.post('/realm/profile_fields', { name: 'Apply two', field_type: 1 })).body.id as number),
      1,
      types,
    );
    await check(() => iago.patch(`/realm/profile_fields/${first}`, { name: 'Apply first', hint: 'edited' }), 1, types);
    const ids = ((await iago.get('/realm/profile_fields')).body.custom_fields as { id: number }[]).map((f) => f.id).reverse();
    await check(() => iago.patch('/realm/profile_fields', { order: ids }), 1, types);
    await check(() => iago.delete(`/realm/profile_fields/${second}`), 1, types);
  });

  it('an administrator renaming the user', async () => {
    const me = await hamlet.get('/users/me');
    await check(() => iago.patch(`/users/${me.body.user_id}`, { full_name: 'King Hamlet II' }), 1);
  });

  it('creating, renaming and deactivating a bot', async () => {
    let botId = 0;
    const created = await check(async () => {
      const res = await hamlet.post('/bots', { full_name: 'Apply Bot', short_name: 'apply' });
      expect(res.status).toBe(200);
      botId = res.body.user_id as number;
    }, 2);
    expect((created.realm_bots as { user_id: number }[]).map((b) => b.user_id)).toContain(botId);
    await check(() => hamlet.patch(`/bots/${botId}`, { full_name: 'Apply Bot II' }), 2);
    const deactivated = await check(() => hamlet.delete(`/bots/${botId}`), 2);
    expect((deactivated.realm_bots as { user_id: number; is_active: boolean }[]).find((b) => b.user_id === botId)?.is_active).toBe(false);
  });

  it('creating an outgoing-webhook bot and moving its endpoint', async () => {
    let botId = 0;
    const created = await check(async () => {
      const res = await hamlet.post('/bots', {
        full_name: 'Apply Hook',
        short_name: 'applyhook',
        bot_type: 3,
        payload_url: JSON.stringify('https://hooks.example.com/a'),
      });
      expect(res.status).toBe(200);
      botId = res.body.user_id as number;
    }, 2);
    const bot = (created.realm_bots as { user_id: number; services: { base_url: string }[] }[]).find((b) => b.user_id === botId);
    expect(bot?.services.map((s) => s.base_url)).toEqual(['https://hooks.example.com/a']);
    const moved = await check(
      () => hamlet.patch(`/bots/${botId}`, { service_payload_url: JSON.stringify('https://hooks.example.com/b'), service_interface: 2 }),
      1,
    );
    expect((moved.realm_bots as { user_id: number; services: unknown[] }[]).find((b) => b.user_id === botId)?.services).toEqual([
      { base_url: 'https://hooks.example.com/b', interface: 2, token: expect.any(String) },
    ]);
  });

  it('an administrator handing a bot over to the user', async () => {
    const bots = await iago.post('/register', { fetch_event_types: ['realm_bot'] });
    const bot = (bots.body.realm_bots as { user_id: number; email: string }[]).find((b) => b.email === 'default-bot@zulip.com')!;
    const me = await hamlet.get('/users/me');
    const after = await check(() => iago.patch(`/bots/${bot.user_id}`, { bot_owner_id: me.body.user_id }), 3);
    expect(after.realm_bots).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: bot.user_id, owner: 'hamlet@zulip.com' })]),
    );
  });

  it('private messages received, sent to a group and to oneself', async () => {
    const people = await hamlet.get('/users');
    const idOf = (email: string) => (people.body.members as { email: string; user_id: number }[]).find((u) => u.email === email)!.user_id;
    await check(() => iago.post('/messages', { type: 'private', to: JSON.stringify([idOf('hamlet@zulip.com')]), content: 'hi' }), 1);
    await check(
      () =>
        hamlet.post('/messages', {
          type: 'private',
          to: JSON.stringify([idOf('iago@zulip.com'), idOf('othello@zulip.com')]),
          content: 'all',
        }),
      1,
    );
    const after = await check(
      () => hamlet.post('/messages', { type: 'private', to: JSON.stringify([idOf('hamlet@zulip.com')]), content: 'me' }),
      1,
    );
    expect((after.recent_private_conversations as { user_ids: number[] }[])[0]!.user_ids).toEqual([]);
  });
});
