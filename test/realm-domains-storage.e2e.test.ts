/**
 * The realm's e-mail domains, edits of custom profile fields and the bots' key-value store
 * through the gateway, in both topologies: /register's realm_domains follows every change (the
 * realm-wide cache included), and each event reaches another user's queue; deactivating the
 * realm shuts its users out.
 */
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

type Event = Record<string, unknown> & { id: number; type: string };

describeBothTopologies('realm domains, profile field edits and bot storage', (env: () => TopologyEnv) => {
  let iago: ApiClient;
  let othello: ApiClient;
  let queueId: string;
  let seen = -1;

  /** The next event on othello's queue matching `match` (events before it are passed over). */
  async function nextEvent(match: (e: Event) => boolean): Promise<Event> {
    let found: Event | undefined;
    await waitFor(async () => {
      const res = await othello.get('/events', { queue_id: queueId, last_event_id: seen, dont_block: true });
      found = (res.body.events as Event[]).find(match);
      return found !== undefined;
    });
    seen = found!.id;
    return found!;
  }

  const registeredDomains = async () => (await othello.post('/register', { event_types: ['realm_domains'] })).body.realm_domains as unknown;

  beforeAll(async () => {
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    queueId = (await othello.post('/register', { event_types: ['realm_domains', 'custom_profile_fields', 'realm'] })).body.queue_id;
  });

  it('adds, changes and removes a domain; the events and a new /register agree', async () => {
    expect(await registeredDomains()).toEqual([]);
    const added = await iago.post('/realm/domains', { domain: 'e2e.example', allow_subdomains: false });
    expect(added.body).toEqual({ result: 'success', msg: '', new_domain: [expect.any(Number), 'e2e.example'] });
    expect(await nextEvent((e) => e.type === 'realm_domains')).toMatchObject({
      op: 'add',
      realm_domain: { domain: 'e2e.example', allow_subdomains: false },
    });
    expect(await registeredDomains()).toEqual([{ domain: 'e2e.example', allow_subdomains: false }]);

    expect((await iago.patch('/realm/domains/e2e.example', { allow_subdomains: true })).body).toEqual({ result: 'success', msg: '' });
    expect(await nextEvent((e) => e.type === 'realm_domains')).toMatchObject({
      op: 'change',
      realm_domain: { domain: 'e2e.example', allow_subdomains: true },
    });
    expect(await registeredDomains()).toEqual([{ domain: 'e2e.example', allow_subdomains: true }]);

    expect((await othello.get('/realm/domains')).body.domains).toEqual([{ domain: 'e2e.example', allow_subdomains: true }]);
    expect((await iago.delete('/realm/domains/e2e.example')).body).toEqual({ result: 'success', msg: '' });
    expect(await nextEvent((e) => e.type === 'realm_domains')).toMatchObject({ op: 'remove', domain: 'e2e.example' });
    expect(await registeredDomains()).toEqual([]);
  });

  it('edits and reorders profile fields, each change reaching another user', async () => {
    const a = (await iago.post('/realm/profile_fields', { name: 'E2E one', field_type: 1 })).body.id as number;
    await nextEvent((e) => e.type === 'custom_profile_fields');
    const b = (await iago.post('/realm/profile_fields', { name: 'E2E two', field_type: 1 })).body.id as number;
    await nextEvent((e) => e.type === 'custom_profile_fields');
    expect((await iago.patch(`/realm/profile_fields/${a}`, { name: 'E2E first', hint: 'edited' })).body).toEqual({
      result: 'success',
      msg: '',
    });
    const edited = await nextEvent((e) => e.type === 'custom_profile_fields');
    expect(edited.fields).toContainEqual(expect.objectContaining({ id: a, name: 'E2E first', hint: 'edited' }));
    const ids = ((await othello.get('/realm/profile_fields')).body.custom_fields as { id: number }[]).map((f) => f.id);
    const order = [b, a, ...ids.filter((id) => id !== a && id !== b)];
    expect((await iago.patch('/realm/profile_fields', { order })).body).toEqual({ result: 'success', msg: '' });
    const reordered = await nextEvent((e) => e.type === 'custom_profile_fields');
    expect((reordered.fields as { id: number }[]).map((f) => f.id)).toEqual(order);
    for (const id of [a, b]) await iago.delete(`/realm/profile_fields/${id}`);
  });

  it("keeps a bot's entries for the bot", async () => {
    const bot = await iago.post('/bots', { full_name: 'E2E storage', short_name: 'e2estorage' });
    const email = ((await iago.get('/bots')).body.bots as { username: string; api_key: string }[]).find(
      (b) => b.api_key === bot.body.api_key,
    )!.username;
    const asBot = await new ApiClient(env().target).loginAs(email);
    expect((await asBot.put('/bot_storage', { storage: { number: '1' } })).body).toEqual({ result: 'success', msg: '' });
    expect((await asBot.get('/bot_storage', { keys: ['number'] })).body).toEqual({ result: 'success', msg: '', storage: { number: '1' } });
    expect((await iago.get('/bot_storage')).body.storage).toEqual({});
    expect((await asBot.delete('/bot_storage', { keys: ['number'] })).body).toEqual({ result: 'success', msg: '' });
    expect((await asBot.get('/bot_storage')).body.storage).toEqual({});
  });

  // Last: the realm stays deactivated.
  it('deactivates the realm: its users, already authenticated, are refused from then on', async () => {
    expect((await othello.get('/users/me')).status).toBe(200);
    expect((await othello.post('/realm/deactivate')).body).toMatchObject({ result: 'error', msg: 'Must be an organization administrator' });
    expect((await iago.post('/realm/deactivate')).body).toEqual({ result: 'success', msg: '' });
    // Each process drops its cached authentications when the change is committed.
    await waitFor(async () => (await othello.get('/users/me')).status === 401);
    expect((await othello.get('/users/me')).body).toMatchObject({ result: 'error', msg: 'This organization has been deactivated' });
    expect((await iago.get('/users/me')).status).toBe(401);
  });
});
