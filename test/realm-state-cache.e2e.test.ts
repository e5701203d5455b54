/**
 * The realm-wide part of /register's initial state is cached per realm state version
 * (services/event-queue/src/queries/state/realm-cache.ts). These scenarios fail if a register is
 * served a piece built before a change its snapshot sees: a change between two registers shows
 * in the second, and under concurrent renames each register's state plus its queued events
 * still gives every rename exactly once, in order (the register fence with the cache).
 */
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

const REALM_WIDE = ['realm', 'realm_user', 'default_streams', 'realm_filters', 'realm_emoji', 'realm_user_groups', 'custom_profile_fields'];
const RENAMES = 15;
const REGISTRATIONS = 8;

interface RealmEvent {
  id: number;
  type: string;
  op?: string;
  property?: string;
  value?: unknown;
}

/** Polls the queue until it holds an event passing `done`; returns every event so far. */
async function eventsUntil(client: ApiClient, queueId: string, done: (e: RealmEvent) => boolean): Promise<RealmEvent[]> {
  const events: RealmEvent[] = [];
  let lastEventId = -1;
  const finalEvent = async () => {
    const res = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
    for (const event of res.body.events as RealmEvent[]) {
      lastEventId = event.id;
      events.push(event);
    }
    return events.some(done);
  };
  await waitFor(finalEvent, 15_000, { stepMs: 20, what: `the final event in queue ${queueId}` });
  return events;
}

describeBothTopologies('realm-wide state cache', (env) => {
  let iago: ApiClient;
  let othello: ApiClient;
  let hamletId: number;

  beforeAll(async () => {
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    const members = (await othello.get('/users')).body.members as { email: string; user_id: number }[];
    hamletId = members.find((m) => m.email === 'hamlet@zulip.com')!.user_id;
  });

  const realmWideState = async () => {
    const res = await othello.post('/register', { event_types: ['message'], fetch_event_types: REALM_WIDE });
    expect(res.status).toBe(200);
    const { queue_id: _queue, ...state } = res.body as Record<string, unknown>;
    return state as Record<string, unknown> & {
      realm_name: string;
      realm_users: { user_id: number; full_name: string }[];
      realm_default_streams: { name: string }[];
      realm_filters: [string, string, number][];
    };
  };

  it('shows a realm-wide change made between two registers in the second', async () => {
    const before = await realmWideState();
    expect(await realmWideState()).toEqual(before);

    expect((await iago.patch('/realm', { name: 'Elsinore' })).status).toBe(200);
    expect((await iago.patch(`/users/${hamletId}`, { full_name: 'Prince Hamlet' })).status).toBe(200);
    expect((await iago.post('/default_streams', { stream_name: 'Rome' })).status).toBe(200);
    const linkifier = { pattern: '#(?P<id>[0-9]+)', url_format_string: 'https://trac.example.com/ticket/%(id)s' };
    expect((await iago.post('/realm/filters', linkifier)).status).toBe(200);

    const after = await realmWideState();
    expect(before.realm_name).toBe('Zulip Dev');
    expect(after.realm_name).toBe('Elsinore');
    expect(after.realm_users.find((u) => u.user_id === hamletId)?.full_name).toBe('Prince Hamlet');
    expect(before.realm_default_streams.map((s) => s.name)).not.toContain('Rome');
    expect(after.realm_default_streams.map((s) => s.name)).toContain('Rome');
    expect(after.realm_filters.map(([pattern]) => pattern)).toEqual([linkifier.pattern]);
  });

  it('gives each concurrent rename to the cached state or the queue, exactly once and in order', async () => {
    const names = Array.from({ length: RENAMES }, (_, i) => `Realm ${i}`);
    const registrations: { queueId: string; name: string }[] = [];
    let renamed = 0;
    const renaming = (async () => {
      for (const name of names) {
        expect((await iago.patch('/realm', { name })).status).toBe(200);
        renamed++;
      }
    })();
    const registering = (async () => {
      for (let i = 0; i < REGISTRATIONS; i++) {
        const res = await othello.post('/register', { event_types: ['realm'] });
        expect(res.status).toBe(200);
        registrations.push({ queueId: res.body.queue_id, name: res.body.realm_name });
        // The next one after another rename, so the registrations spread over the sequence.
        const before = renamed;
        await waitFor(() => renamed > before || renamed === RENAMES, 10_000, { what: 'another rename' });
      }
    })();
    await Promise.all([renaming, registering]);
    // Every queue gets this one after all the others, so waiting for it waits for them.
    expect((await iago.patch('/realm', { name: 'Sentinel' })).status).toBe(200);

    const isRename = (e: RealmEvent) => e.type === 'realm' && e.op === 'update' && e.property === 'name';
    for (const { queueId, name } of registrations) {
      const events = await eventsUntil(othello, queueId, (e) => isRename(e) && e.value === 'Sentinel');
      const seen = events.filter(isRename).map((e) => e.value);
      // The state's name, then every later rename once: exactly the suffix of the sequence after it.
      const start = names.indexOf(name) + 1;
      expect({ queueId, name, seen }).toEqual({ queueId, name, seen: [...names.slice(start), 'Sentinel'] });
    }
  }, 60_000);
});
