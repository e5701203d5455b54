/**
 * The moderator role end to end, in both topologies: an administrator makes a member a moderator
 * through the gateway; the realm's queues get the role and the system-group moves, a 2.1 queue no
 * is_admin change; the moderator's next requests carry the new role (cached credentials dropped),
 * so /register says is_moderator and the policies valued "administrators and moderators" admit
 * him; taking the role away undoes each.
 */
import { ApiClient } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

type Event = Record<string, unknown> & { id: number; type: string };

describeBothTopologies('the moderator role', (env: () => TopologyEnv) => {
  let iago: ApiClient;
  let hamlet: ApiClient;
  let othello: ApiClient;
  let hamletQueue: string;
  let othelloId: number;
  let groupIds: Map<string, number>;

  const eventsOn = (client: ApiClient, queueId: string, match: (e: Event) => boolean, count: number) =>
    client.events<Event>(queueId, count, match);
  const aboutOthello = (e: Event) =>
    (e.type === 'realm_user' && (e.person as { user_id: number }).user_id === othelloId) ||
    (e.type === 'user_group' && (e.user_ids as number[] | undefined)?.includes(othelloId) === true);
  const createStream = (client: ApiClient, name: string) => client.post('/users/me/subscriptions', { subscriptions: [{ name }] });

  beforeAll(async () => {
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    othelloId = (await othello.get('/users/me')).body.user_id;
    const groups = (await hamlet.get('/user_groups')).body.user_groups as { id: number; name: string }[];
    groupIds = new Map(groups.map((g) => [g.name, g.id]));
    hamletQueue = (await hamlet.post('/register', { event_types: ['realm_user', 'user_group'] })).body.queue_id;
    // Each topology's realm is this suite's own: the policy stays as set.
    expect((await iago.patch('/realm', { create_stream_policy: 4 })).body).toMatchObject({ result: 'success' });
  });

  it('makes a member a moderator: events to the realm, is_moderator in /register, and the moderators policy admits him', async () => {
    expect((await createStream(othello, 'before moderation')).body).toEqual({
      result: 'error',
      msg: 'User cannot create streams.',
      code: 'BAD_REQUEST',
    });
    expect((await iago.patch(`/users/${othelloId}`, { role: 300 })).body).toEqual({ result: 'success', msg: '' });

    const events = await eventsOn(hamlet, hamletQueue, aboutOthello, 3);
    expect(events.map(({ id: _id, ...rest }) => rest)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: othelloId, role: 300 } },
      { type: 'user_group', op: 'remove_members', group_id: groupIds.get('role:fullmembers'), user_ids: [othelloId] },
      { type: 'user_group', op: 'add_members', group_id: groupIds.get('role:moderators'), user_ids: [othelloId] },
    ]);

    const registered = await othello.post('/register', { fetch_event_types: ['realm_user'] });
    expect(registered.body).toMatchObject({ is_moderator: true, is_admin: false, is_owner: false, can_create_streams: true });
    const moderators = ((await hamlet.get('/user_groups')).body.user_groups as { name: string; members: number[] }[]).find(
      (g) => g.name === 'role:moderators',
    );
    expect(moderators!.members).toEqual([othelloId]);
    // His next request already carries the role: the cached credentials were dropped.
    expect((await createStream(othello, 'moderated')).body).toMatchObject({ result: 'success' });
    expect((await createStream(hamlet, 'not for members')).body).toMatchObject({ msg: 'User cannot create streams.' });
  });

  it('takes the role away: the events say member again and the policy refuses him', async () => {
    expect((await iago.patch(`/users/${othelloId}`, { role: 400 })).body).toEqual({ result: 'success', msg: '' });
    const events = await eventsOn(hamlet, hamletQueue, aboutOthello, 6);
    expect(events.slice(3).map(({ id: _id, ...rest }) => rest)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: othelloId, role: 400 } },
      { type: 'user_group', op: 'remove_members', group_id: groupIds.get('role:moderators'), user_ids: [othelloId] },
      { type: 'user_group', op: 'add_members', group_id: groupIds.get('role:fullmembers'), user_ids: [othelloId] },
    ]);
    expect((await othello.post('/register', { fetch_event_types: ['realm_user'] })).body).toMatchObject({ is_moderator: false });
    expect((await createStream(othello, 'after moderation')).body).toMatchObject({ msg: 'User cannot create streams.' });
  });

  it('refuses a member who tries to make himself a moderator', async () => {
    const hamletId = (await hamlet.get('/users/me')).body.user_id as number;
    expect((await hamlet.patch(`/users/${hamletId}`, { role: 300 })).body).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect((await hamlet.post('/register', { fetch_event_types: ['realm_user'] })).body).toMatchObject({ is_moderator: false });
  });
});
