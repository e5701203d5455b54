/**
 * The official mobile app (zulip-flutter) cannot run here, so this registers exactly as it does
 * (its parameters and eight client capabilities, shared/reference/modern-clients.md, Table A and
 * section 6) on a realm seeded with what its parsers meet: muted topics and users, nested (system)
 * user groups, unread stream and private messages, a custom emoji. Every key it requires is
 * checked with its type and value, the answer against Zulip's current OpenAPI schema, and the
 * events it parses in the shapes it parses, in both topologies.
 */
import request from 'supertest';
import { ApiClient, TINY_PNG as PNG, validateEvent, validateResponse, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';
import { APP_CAPABILITIES, REGISTER_SCHEMA_DIFFERENCES, withoutKnownDifferences } from './mobile-app.reference';

type Json = Record<string, unknown>;

/** The app's register request (lib/api/route/events.dart), encoded as it encodes it. */
const APP_REGISTER = {
  apply_markdown: true,
  client_gravatar: false,
  slim_presence: true,
  client_capabilities: APP_CAPABILITIES,
  // The app JSON-encodes this string, quotes included.
  idle_queue_timeout: '"mobile"',
};

describeBothTopologies('the mobile app registers and parses', (env) => {
  let hamlet: ApiClient;
  let othello: ApiClient;
  let ids: Record<string, number>;
  let body: Json;

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    const users = (await hamlet.get('/users')).body.members as { email: string; user_id: number }[];
    ids = Object.fromEntries(users.map((u) => [u.email.split('@')[0]!.toLowerCase(), u.user_id]));
    await othello.post('/users/me/subscriptions', { subscriptions: [{ name: 'Denmark' }] });
    await othello.post('/messages', { type: 'stream', to: 'Denmark', topic: 'unread here', content: 'hello @**King Hamlet**' });
    await othello.post('/messages', { type: 'private', to: [ids.hamlet], content: 'a private word' });
    await hamlet.post('/user_topics', { stream_id: await streamId('Denmark'), topic: 'noisy', visibility_policy: 1 });
    await hamlet.post(`/users/me/muted_users/${ids.cordelia}`);
    const up = await request(env().target)
      .post('/api/v1/realm/emoji/mobile_tick')
      .set('Authorization', hamlet.auth)
      .attach('file', PNG, 'tick.png');
    expect(up.body).toMatchObject({ result: 'success' });
    body = (await hamlet.post('/register', APP_REGISTER)).body as Json;
  });

  async function streamId(name: string): Promise<number> {
    return ((await hamlet.get('/get_stream_id', { stream: name })).body as { stream_id: number }).stream_id;
  }

  it('answers with the feature level the app accepts, and ignores what it does not know', () => {
    expect(body).toMatchObject({ result: 'success', zulip_feature_level: 371, zulip_version: '10.0', zulip_merge_base: '10.0' });
    expect(body.ignored_parameters_unsupported).toEqual(['idle_queue_timeout']);
    expect(typeof body.queue_id).toBe('string');
    expect(body.last_event_id).toBe(-1);
  });

  it('gives every key the app requires, with its type and value', () => {
    expect(body).toMatchObject({
      alert_words: [],
      max_stream_name_length: 60,
      max_topic_length: 60,
      server_presence_ping_interval_seconds: 60,
      server_presence_offline_threshold_seconds: 140,
      muted_users: [{ id: ids.cordelia, timestamp: expect.any(Number) }],
      realm_wildcard_mention_policy: 1,
      realm_name: 'Zulip Dev',
      realm_waiting_period_threshold: 0,
      realm_allow_message_editing: true,
      realm_enable_read_receipts: false,
      realm_presence_disabled: false,
      realm_default_external_accounts: {},
      max_file_upload_size_mib: 25,
      event_queue_longpoll_timeout_seconds: expect.any(Number),
      realm_icon_url: expect.stringMatching(/^https:\/\//),
      server_emoji_data_url: expect.stringMatching(/\/static\/generated\/emoji\/emoji_api\.json$/),
      user_topics: [{ stream_id: expect.any(Number), topic_name: 'noisy', last_updated: expect.any(Number), visibility_policy: 1 }],
      user_status: {},
      starred_messages: [],
      recent_private_conversations: [{ max_message_id: expect.any(Number), user_ids: [ids.othello] }],
      // Read from level 334 (lib/model/realm.dart): the empty topic's name, and whether topics are required.
      realm_empty_topic_display_name: 'general chat',
      realm_mandatory_topics: false,
      is_moderator: false,
      is_admin: false,
    });
    expect(Number(body.event_queue_longpoll_timeout_seconds)).toBeGreaterThan(55);
    // user_settings_object: personal settings only inside user_settings.
    expect(body.user_settings).toMatchObject({
      twenty_four_hour_time: false,
      starred_message_counts: false,
      display_emoji_reaction_users: true,
      emojiset: 'google',
      presence_enabled: true,
    });
    expect(body).not.toHaveProperty('twenty_four_hour_time');
    expect(body).not.toHaveProperty('emojiset');
    // The app reads user_topics; muted_topics is for older clients.
    expect(body.muted_topics).toEqual([[expect.any(String), 'noisy', expect.any(Number)]]);
    expect(body.custom_profile_fields).toEqual(expect.any(Array));
  });

  it('describes users, streams, subscriptions and groups as the app parses them', () => {
    const users = body.realm_users as Json[];
    const hamletDict = users.find((u) => u.user_id === ids.hamlet);
    expect(hamletDict).toMatchObject({
      email: 'hamlet@zulip.com',
      full_name: 'King Hamlet',
      is_bot: false,
      role: 400,
      avatar_version: expect.any(Number),
      timezone: expect.any(String),
    });
    expect(String(hamletDict!.date_joined)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(users.find((u) => u.user_id === ids.iago)).toMatchObject({ role: 200, is_admin: true });
    expect(body.realm_non_active_users).toEqual(expect.any(Array));
    expect(body.cross_realm_bots).toEqual(expect.any(Array));

    const denmark = (body.subscriptions as Json[]).find((s) => s.name === 'Denmark')!;
    expect(denmark).toMatchObject({
      stream_id: expect.any(Number),
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      is_muted: false,
      pin_to_top: false,
      date_created: expect.any(Number),
    });
    // notification_settings_null: an inherited setting stays null for the app.
    expect(denmark.desktop_notifications).toBeNull();
    for (const stream of body.streams as Json[]) {
      expect(stream).toMatchObject({
        stream_id: expect.any(Number),
        name: expect.any(String),
        description: expect.any(String),
        rendered_description: expect.any(String),
        invite_only: expect.any(Boolean),
        is_web_public: false,
        history_public_to_subscribers: expect.any(Boolean),
        date_created: expect.any(Number),
        stream_post_policy: 1,
      });
    }

    const groups = body.realm_user_groups as Json[];
    const byName = new Map(groups.map((g) => [g.name, g]));
    const members = byName.get('role:members')!;
    const fullMembers = byName.get('role:fullmembers')!;
    expect(members).toMatchObject({ is_system_group: true, members: [], direct_subgroup_ids: [fullMembers.id] });
    expect(fullMembers.members).toContain(ids.hamlet);
    expect(byName.get('role:administrators')).toMatchObject({ members: [ids.iago], direct_subgroup_ids: [byName.get('role:owners')!.id] });
    expect(byName.get('hamletcharacters')).toMatchObject({ is_system_group: false, direct_subgroup_ids: [] });
    // The deletion permissions the app reads, as group-setting values naming listed groups: 2.1's
    // defaults, administrators delete any message and only they their own.
    expect(body).toMatchObject({
      realm_can_delete_any_message_group: byName.get('role:administrators')!.id,
      realm_can_delete_own_message_group: byName.get('role:administrators')!.id,
      realm_delete_own_message_policy: 2,
    });
  });

  it('counts unread messages by conversation, with the ids the app reads', () => {
    const unread = body.unread_msgs as Json;
    expect(unread.old_unreads_missing).toBe(false);
    expect(unread.pms).toEqual([{ other_user_id: ids.othello, sender_id: ids.othello, unread_message_ids: [expect.any(Number)] }]);
    expect(unread.streams).toEqual([
      expect.objectContaining({ stream_id: expect.any(Number), topic: 'unread here', unread_message_ids: [expect.any(Number)] }),
    ]);
    expect(unread.mentions).toHaveLength(1);
    expect(unread.huddles).toEqual([]);
    expect(unread.count).toBe(2);
  });

  it('keys presence by user id (slim_presence) and serves the emoji names file without login', async () => {
    await hamlet.post('/users/me/presence', { status: 'active' });
    const again = (await hamlet.post('/register', { ...APP_REGISTER, fetch_event_types: ['presence'] })).body as Json;
    expect(again.presences).toEqual({ [String(ids.hamlet)]: { active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) } });
    const url = new URL(String(body.server_emoji_data_url));
    const file = await request(env().target).get(url.pathname);
    expect(file.status).toBe(200);
    expect((file.body as { code_to_names: Record<string, string[]> }).code_to_names['1f44d']).toContain('+1');
  });

  it("matches Zulip's current schema but for the differences the level explains", () => {
    expect(withoutKnownDifferences(validateResponse('POST /register', body), REGISTER_SCHEMA_DIFFERENCES)).toEqual([]);
  });

  it("gets every event it parses in its shape, each valid against Zulip's schema", async () => {
    const queueId = String(body.queue_id);
    const send = (await othello.post('/messages', { type: 'stream', to: 'Denmark', topic: 'events', content: 'to edit' })).body as {
      id: number;
    };
    await hamlet.post(`/messages/${send.id}/reactions`, { emoji_name: 'octopus' });
    await othello.patch(`/messages/${send.id}`, { content: 'edited' });
    await hamlet.post('/messages/flags', { messages: [send.id], op: 'add', flag: 'read' });
    await hamlet.post('/messages/flags', { messages: [send.id], op: 'remove', flag: 'read' });
    await othello.post('/typing', { type: 'channel', op: 'start', stream_id: await streamId('Denmark'), topic: 'events' });
    await othello.post('/typing', { op: 'start', to: [ids.hamlet] });
    await hamlet.patch('/settings', { twenty_four_hour_time: true });
    const types = ['message', 'reaction', 'update_message', 'update_message_flags', 'typing', 'user_settings'];
    let events: Json[] = [];
    await waitFor(async () => {
      events = (await hamlet.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).body.events as Json[];
      return types.every((type) => events.some((e) => e.type === type));
    });
    for (const event of events)
      expect({ event, problems: withoutKnownDifferences(validateEvent(event), REGISTER_SCHEMA_DIFFERENCES) }).toEqual({
        event,
        problems: [],
      });

    expect(events.find((e) => e.type === 'reaction')).toMatchObject({ user_id: ids.hamlet, emoji_name: 'octopus' });
    expect(events.find((e) => e.type === 'update_message')).toMatchObject({
      message_id: send.id,
      rendering_only: false,
      edit_timestamp: expect.any(Number),
      stream_id: expect.any(Number),
    });
    const unread = events.find((e) => e.type === 'update_message_flags' && e.op === 'remove');
    expect(unread).toMatchObject({
      flag: 'read',
      messages: [send.id],
      message_details: { [String(send.id)]: { type: 'stream', topic: 'events' } },
    });
    // stream_typing_notifications: the app hears typing in a topic, with message_type.
    expect(
      events
        .filter((e) => e.type === 'typing')
        .map((e) => e.message_type)
        .sort(),
    ).toEqual(['direct', 'stream']);
    // user_settings_object: no legacy settings event.
    expect(events.filter((e) => e.type === 'update_display_settings')).toEqual([]);
  });

  it('registers and removes a push token as the app does at start-up (no push is sent)', async () => {
    expect((await hamlet.post('/users/me/android_gcm_reg_id', { token: 'fcm-token-1' })).body).toEqual({ result: 'success', msg: '' });
    expect((await hamlet.post('/users/me/apns_device_token', { token: 'abcdef0123', appid: 'org.zulip.Zulip' })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await hamlet.delete('/users/me/android_gcm_reg_id', { token: 'fcm-token-1' })).body).toEqual({ result: 'success', msg: '' });
    expect((await hamlet.delete('/users/me/android_gcm_reg_id', { token: 'fcm-token-1' })).body).toMatchObject({
      result: 'error',
      msg: 'Token does not exist',
    });
    expect((await hamlet.post('/users/me/apns_device_token', { token: 'not hex', appid: 'org.zulip.Zulip' })).body).toMatchObject({
      result: 'error',
      msg: 'Invalid APNS token',
    });
  });
});
