import request from 'supertest';
import { NOTIFICATION_DEFAULTS } from '@chat/views';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('PATCH /settings/notifications', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const patch = async (form: Record<string, string>, who = 'hamlet@zulip.com') =>
    request(h.app)
      .patch('/api/v1/settings/notifications')
      .set(await h.headers(who))
      .type('form')
      .send(form);

  it('answers with only the submitted settings that changed, stores them and sends one event each', async () => {
    const notices = await eventsOf(h.db, async () => {
      const res = await patch({
        enable_offline_push_notifications: 'false',
        enable_online_push_notifications: 'true', // already true: not in the answer
        desktop_icon_count_display: '2',
        notification_sound: 'ding',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        enable_offline_push_notifications: false,
        desktop_icon_count_display: 2,
        notification_sound: 'ding',
      });
    });
    const hamlet = await h.user('hamlet@zulip.com');
    expect(hamlet.settings).toMatchObject({
      enable_offline_push_notifications: false,
      desktop_icon_count_display: 2,
      notification_sound: 'ding',
    });
    // In the order the endpoint declares its parameters, each user_settings event before its legacy one.
    expect(notices.map((n) => [n.event, n.userIds])).toEqual([
      [{ type: 'user_settings', op: 'update', property: 'notification_sound', value: 'ding' }, [hamlet.id]],
      [
        { type: 'update_global_notifications', user: 'hamlet@zulip.com', notification_name: 'notification_sound', setting: 'ding' },
        [hamlet.id],
      ],
      [{ type: 'user_settings', op: 'update', property: 'enable_offline_push_notifications', value: false }, [hamlet.id]],
      [
        {
          type: 'update_global_notifications',
          user: 'hamlet@zulip.com',
          notification_name: 'enable_offline_push_notifications',
          setting: false,
        },
        [hamlet.id],
      ],
      [{ type: 'user_settings', op: 'update', property: 'desktop_icon_count_display', value: 2 }, [hamlet.id]],
      [
        { type: 'update_global_notifications', user: 'hamlet@zulip.com', notification_name: 'desktop_icon_count_display', setting: 2 },
        [hamlet.id],
      ],
    ]);
    expect((await patch({ enable_offline_push_notifications: 'false' })).body).toEqual({ result: 'success', msg: '' });
  });

  it('accepts every setting of the spec and sets each to a non-default value', async () => {
    const form: Record<string, string> = {};
    const expected: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(NOTIFICATION_DEFAULTS)) {
      if (typeof value === 'boolean') {
        form[name] = String(!value);
        expected[name] = !value;
      }
    }
    form.notification_sound = '"ding"';
    form.desktop_icon_count_display = '3';
    const res = await patch(form, 'cordelia@zulip.com');
    expect(res.body).toEqual({ result: 'success', msg: '', ...expected, notification_sound: 'ding', desktop_icon_count_display: 3 });
    expect(Object.keys(res.body)).toHaveLength(2 + Object.keys(NOTIFICATION_DEFAULTS).length);
  });

  it.each([
    [{ desktop_icon_count_display: '4' }, { result: 'error', msg: 'Invalid desktop_icon_count_display', code: 'BAD_REQUEST' }],
    [{ desktop_icon_count_display: '0' }, { result: 'error', msg: 'Invalid desktop_icon_count_display', code: 'BAD_REQUEST' }],
    [
      { desktop_icon_count_display: 'all' },
      {
        result: 'error',
        msg: "Bad value for 'desktop_icon_count_display': all",
        code: 'REQUEST_VARIABLE_INVALID',
        var_name: 'desktop_icon_count_display',
        bad_value: 'all',
      },
    ],
    [{ enable_sounds: 'yes' }, { result: 'error', msg: 'Argument "enable_sounds" is not valid JSON.', code: 'BAD_REQUEST' }],
    [{ notification_sound: 'trumpet' }, { result: 'error', msg: "Invalid notification sound 'trumpet'", code: 'BAD_REQUEST' }],
  ])('refuses %p without changing anything', async (form, body) => {
    const before = (await h.user('othello@zulip.com')).settings;
    const res = await patch({ ...form, enable_digest_emails: 'false' }, 'othello@zulip.com');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(body);
    expect((await h.user('othello@zulip.com')).settings).toEqual(before);
  });
});

describe('PATCH /settings/display', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const patch = async (form: Record<string, string>) =>
    request(h.app)
      .patch('/api/v1/settings/display')
      .set(await h.headers('hamlet@zulip.com'))
      .type('form')
      .send(form);

  it('changes display settings and the timezone (a realm_user update for everyone)', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await patch({
        night_mode: 'true',
        dense_mode: 'true',
        emojiset: '"twitter"',
        timezone: 'Europe/Copenhagen',
        default_language: 'de',
      });
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        night_mode: true,
        emojiset: 'twitter',
        timezone: 'Europe/Copenhagen',
        default_language: 'de',
      });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'user_settings', op: 'update', property: 'night_mode', value: true },
      { type: 'update_display_settings', user: hamlet.email, setting_name: 'night_mode', setting: true },
      { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'Deutsch' },
      { type: 'update_display_settings', user: hamlet.email, setting_name: 'default_language', setting: 'de' },
      { type: 'user_settings', op: 'update', property: 'emojiset', value: 'twitter' },
      { type: 'update_display_settings', user: hamlet.email, setting_name: 'emojiset', setting: 'twitter' },
      { type: 'user_settings', op: 'update', property: 'timezone', value: 'Europe/Copenhagen' },
      { type: 'update_display_settings', user: hamlet.email, setting_name: 'timezone', setting: 'Europe/Copenhagen' },
      { type: 'realm_user', op: 'update', person: { email: hamlet.email, user_id: hamlet.id, timezone: 'Europe/Copenhagen' } },
    ]);
    expect((await h.user('hamlet@zulip.com')).timezone).toBe('Europe/Copenhagen');
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, "Invalid timezone 'Mars/Olympus'"],
    [{ emojiset: 'comic' }, "Invalid emojiset 'comic'"],
    [{ default_language: 'xx' }, "Invalid language 'xx'"],
    [{ demote_inactive_streams: '7' }, "Invalid setting value '7'"],
  ])('refuses %p', async (form, msg) => {
    const res = await patch(form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
  });
});

describe('pointer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
    const hamlet = await h.user('hamlet@zulip.com');
    await h.db.knex('user_messages').insert([10, 20].map((message_id) => ({ user_id: hamlet.id, message_id })));
  });
  afterAll(() => h.close());

  const get = async () =>
    (
      await request(h.app)
        .get('/api/v1/users/me/pointer')
        .set(await h.headers('hamlet@zulip.com'))
    ).body;
  const move = async (method: 'post' | 'put', pointer: string) =>
    request(h.app)
      [method]('/api/v1/users/me/pointer')
      .set(await h.headers('hamlet@zulip.com'))
      .type('form')
      .send({ pointer });

  it('starts at -1, moves forward onto a message the user has, with a pointer event', async () => {
    expect(await get()).toEqual({ result: 'success', msg: '', pointer: -1 });
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      expect((await move('post', '10')).body).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => [n.event, n.userIds])).toEqual([[{ type: 'pointer', pointer: 10 }, [hamlet.id]]]);
    expect((await move('put', '20')).status).toBe(200);
    expect(await get()).toEqual({ result: 'success', msg: '', pointer: 20 });
    const me = await request(h.app)
      .get('/api/v1/users/me')
      .set(await h.headers('hamlet@zulip.com'));
    expect(me.body.pointer).toBe(20);
  });

  it('ignores a pointer behind the current one', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect((await move('post', '10')).body).toEqual({ result: 'success', msg: '' });
    });
    expect(notices).toEqual([]);
    expect((await get()).pointer).toBe(20);
  });

  it('refuses a message the user does not have, negative and missing values', async () => {
    expect((await move('post', '30')).body).toEqual({ result: 'error', msg: 'Invalid message ID', code: 'BAD_REQUEST' });
    // Past PostgreSQL's integer range (found by test/malformed-input.property.test.ts: was a 500).
    expect((await move('post', '2147483648')).body).toEqual({ result: 'error', msg: 'Invalid message ID', code: 'BAD_REQUEST' });
    expect((await move('post', '-1')).body).toEqual({
      result: 'error',
      msg: "Bad value for 'pointer': -1",
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'pointer',
      bad_value: '-1',
    });
    const missing = await request(h.app)
      .post('/api/v1/users/me/pointer')
      .set(await h.headers('hamlet@zulip.com'));
    expect(missing.body).toEqual({
      result: 'error',
      msg: "Missing 'pointer' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'pointer',
    });
  });
});
