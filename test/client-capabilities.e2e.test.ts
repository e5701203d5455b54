/**
 * Each client capability changes exactly what it changes in Zulip at the reported feature level:
 * two queues of one user, one declaring the capability and one not, see the same change, and
 * their answers and events are compared. include_deactivated_groups (level 294) changes nothing, as
 * no group is ever deactivated here (level 290's deactivation is not served), and
 * individual_emoji_changes (level 376) is above the reported level, which Zulip 10.0 ignores;
 * empty_topic_name (level 334) is honoured, see ./empty-topic.e2e.test.ts.
 */
import request from 'supertest';
import { ApiClient, TINY_PNG as PNG, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Json = Record<string, unknown>;

describeBothTopologies('client capabilities', (env) => {
  let hamlet: ApiClient;
  let othello: ApiClient;
  let denmarkId: number;

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    await othello.post('/users/me/subscriptions', { subscriptions: [{ name: 'Denmark' }] });
    denmarkId = ((await hamlet.get('/get_stream_id', { stream: 'Denmark' })).body as { stream_id: number }).stream_id;
  });

  /** Registers hamlet with and without `capability`, returning both answers. */
  async function pair(capability: string, params: Json = {}): Promise<{ with: Json; without: Json }> {
    const register = async (declared: boolean) =>
      (await hamlet.post('/register', { ...params, client_capabilities: declared ? { [capability]: true } : {} })).body as Json;
    return { with: await register(true), without: await register(false) };
  }

  async function eventsOf(queue: Json, done: (events: Json[]) => boolean): Promise<Json[]> {
    let events: Json[] = [];
    await waitFor(async () => {
      events = (await hamlet.get('/events', { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).body.events as Json[];
      return done(events);
    });
    return events;
  }

  const subscription = (state: Json, name: string) => (state.subscriptions as Json[]).find((s) => s.name === name)!;

  it("notification_settings_null: an inherited setting is null with it, the user's own setting without", async () => {
    const queues = await pair('notification_settings_null', { event_types: ['subscription'] });
    // hamlet's defaults: stream desktop notifications off, wildcard mentions notify on.
    expect(subscription(queues.with, 'Denmark')).toMatchObject({ desktop_notifications: null, wildcard_mentions_notify: null });
    expect(subscription(queues.without, 'Denmark')).toMatchObject({ desktop_notifications: false, wildcard_mentions_notify: true });
    const listed = (await hamlet.get('/users/me/subscriptions')).body.subscriptions as Json[];
    expect(listed.find((s) => s.name === 'Denmark')).toMatchObject({ desktop_notifications: false, wildcard_mentions_notify: true });

    await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'capability null' }] });
    const added = async (queue: Json) =>
      ((await eventsOf(queue, (e) => e.some((x) => x.op === 'add'))).find((x) => x.op === 'add')!.subscriptions as Json[])[0]!;
    expect(await added(queues.with)).toMatchObject({ name: 'capability null', audible_notifications: null, push_notifications: null });
    expect(await added(queues.without)).toMatchObject({ name: 'capability null', audible_notifications: false, push_notifications: false });
  });

  it('bulk_message_deletion: one event listing the messages with it, one per message (with its sender) without', async () => {
    const queues = await pair('bulk_message_deletion', { event_types: ['delete_message'] });
    const iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    await iago.post('/users/me/subscriptions', { subscriptions: [{ name: 'Denmark' }] });
    const a = (await othello.post('/messages', { type: 'stream', to: 'Denmark', topic: 'to delete', content: 'one' })).body.id as number;
    const b = (await othello.post('/messages', { type: 'stream', to: 'Denmark', topic: 'to delete', content: 'two' })).body.id as number;
    expect((await iago.post(`/streams/${denmarkId}/delete_topic`, { topic_name: 'to delete' })).body).toMatchObject({ result: 'success' });
    const bulk = await eventsOf(queues.with, (e) => e.length >= 1);
    expect(bulk).toEqual([
      { type: 'delete_message', id: 0, message_ids: [a, b], message_type: 'stream', stream_id: denmarkId, topic: 'to delete' },
    ]);
    const single = await eventsOf(queues.without, (e) => e.length >= 2);
    expect(single).toEqual(
      [a, b].map((messageId, i) => ({
        type: 'delete_message',
        id: i,
        message_id: messageId,
        message_type: 'stream',
        stream_id: denmarkId,
        topic: 'to delete',
        sender: 'othello@zulip.com',
        sender_id: expect.any(Number),
      })),
    );
  });

  it('user_avatar_url_field_optional: every user keeps avatar_url (no user here is long idle), with it or not', async () => {
    const queues = await pair('user_avatar_url_field_optional', { fetch_event_types: ['realm_user'] });
    expect(queues.with.realm_users).toEqual(queues.without.realm_users);
    for (const user of queues.with.realm_users as Json[]) expect(typeof user.avatar_url).toBe('string');
  });

  it('stream_typing_notifications: typing in a topic reaches only the queue that declared it', async () => {
    const queues = await pair('stream_typing_notifications', { event_types: ['typing'] });
    expect(
      (await othello.post('/typing', { type: 'channel', op: 'start', stream_id: denmarkId, topic: 'typing here' })).body,
    ).toMatchObject({ result: 'success' });
    await othello.post('/typing', { op: 'start', to: [await userId('hamlet@zulip.com')] });
    const declared = await eventsOf(queues.with, (e) => e.length >= 2);
    expect(declared.map((e) => e.message_type)).toEqual(['stream', 'direct']);
    expect(declared[0]).toMatchObject({ op: 'start', stream_id: denmarkId, topic: 'typing here', sender: { email: 'othello@zulip.com' } });
    const other = await eventsOf(queues.without, (e) => e.length >= 1);
    expect(other.map((e) => e.message_type)).toEqual(['direct']);
  });

  it('user_settings_object: settings only in user_settings and no legacy settings events with it', async () => {
    const queues = await pair('user_settings_object', { event_types: ['user_settings', 'update_display_settings'] });
    expect(queues.with).not.toHaveProperty('twenty_four_hour_time');
    expect(queues.with.user_settings).toMatchObject({ twenty_four_hour_time: false });
    expect(queues.without).toMatchObject({ twenty_four_hour_time: false, user_settings: { twenty_four_hour_time: false } });
    await hamlet.patch('/settings', { twenty_four_hour_time: true });
    expect((await eventsOf(queues.with, (e) => e.length >= 1)).map((e) => e.type)).toEqual(['user_settings']);
    expect((await eventsOf(queues.without, (e) => e.length >= 2)).map((e) => e.type)).toEqual(['user_settings', 'update_display_settings']);
    await hamlet.patch('/settings', { twenty_four_hour_time: false });
  });

  it('include_deactivated_groups and individual_emoji_changes change nothing at the reported level', async () => {
    const groups = await pair('include_deactivated_groups', {
      fetch_event_types: ['realm_user_groups', 'message', 'update_message_flags'],
    });
    expect(groups.with.realm_user_groups).toEqual(groups.without.realm_user_groups);
    expect(groups.with.unread_msgs).toEqual(groups.without.unread_msgs);
    const queues = await pair('individual_emoji_changes', { event_types: ['realm_emoji'] });
    const up = await request(env().target)
      .post('/api/v1/realm/emoji/capability_tick')
      .set('Authorization', hamlet.auth)
      .attach('file', PNG, 'tick.png');
    expect(up.body).toMatchObject({ result: 'success' });
    const declared = await eventsOf(queues.with, (e) => e.length >= 1);
    expect(declared).toEqual(await eventsOf(queues.without, (e) => e.length >= 1));
    expect(declared[0]).toMatchObject({ type: 'realm_emoji', op: 'update' });
  });

  async function userId(email: string): Promise<number> {
    const members = (await hamlet.get('/users')).body.members as { email: string; user_id: number }[];
    return members.find((m) => m.email === email)!.user_id;
  }
});
