import request from 'supertest';
import { LATER_SETTING_DEFAULTS } from '@chat/views';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('PATCH /settings (every personal setting, Zulip feature level 80)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const patch = async (form: Record<string, string>, who = 'hamlet@zulip.com') =>
    request(h.app)
      .patch('/api/v1/settings')
      .set(await h.headers(who))
      .type('form')
      .send(form);

  it('changes display, notification and later settings at once, answering without the values', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await patch({
        twenty_four_hour_time: 'true',
        enable_sounds: 'false',
        send_private_typing_notifications: 'false',
        presence_enabled: 'true', // already true: no event
      });
      expect([res.status, res.body]).toEqual([200, { result: 'success', msg: '' }]);
    });
    expect(notices.map((n) => [n.event, n.userIds])).toEqual([
      [{ type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true }, [hamlet.id]],
      [{ type: 'update_display_settings', user: hamlet.email, setting_name: 'twenty_four_hour_time', setting: true }, [hamlet.id]],
      [{ type: 'user_settings', op: 'update', property: 'enable_sounds', value: false }, [hamlet.id]],
      [{ type: 'update_global_notifications', user: hamlet.email, notification_name: 'enable_sounds', setting: false }, [hamlet.id]],
      // A setting 2.1 did not have has no legacy event.
      [{ type: 'user_settings', op: 'update', property: 'send_private_typing_notifications', value: false }, [hamlet.id]],
    ]);
    expect((await h.user('hamlet@zulip.com')).settings).toMatchObject({
      twenty_four_hour_time: true,
      enable_sounds: false,
      send_private_typing_notifications: false,
    });
  });

  it('names the new default language in user_settings, and a new timezone reaches everyone', async () => {
    const cordelia = await h.user('cordelia@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      expect((await patch({ default_language: 'es', timezone: 'Asia/Tokyo' }, 'cordelia@zulip.com')).body).toEqual({
        result: 'success',
        msg: '',
      });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'user_settings', op: 'update', property: 'default_language', value: 'es', language_name: 'Español' },
      { type: 'update_display_settings', user: cordelia.email, setting_name: 'default_language', setting: 'es' },
      { type: 'user_settings', op: 'update', property: 'timezone', value: 'Asia/Tokyo' },
      { type: 'update_display_settings', user: cordelia.email, setting_name: 'timezone', setting: 'Asia/Tokyo' },
      { type: 'realm_user', op: 'update', person: { email: cordelia.email, user_id: cordelia.id, timezone: 'Asia/Tokyo' } },
    ]);
    expect(notices[4]!.userIds).toContain((await h.user('iago@zulip.com')).id);
    expect((await h.user('cordelia@zulip.com')).timezone).toBe('Asia/Tokyo');
  });

  it('accepts every later setting and stores its opposite', async () => {
    const form: Record<string, string> = {};
    const expected: Record<string, boolean> = {};
    for (const [name, value] of Object.entries(LATER_SETTING_DEFAULTS)) {
      form[name] = String(!value);
      expected[name] = !value;
    }
    const notices = await eventsOf(h.db, async () => {
      expect((await patch(form, 'othello@zulip.com')).status).toBe(200);
    });
    expect((await h.user('othello@zulip.com')).settings).toMatchObject(expected);
    expect(notices.map((n) => n.event)).toEqual(
      Object.entries(expected).map(([property, value]) => ({ type: 'user_settings', op: 'update', property, value })),
    );
  });

  it('sends nothing when nothing changes', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect((await patch({ twenty_four_hour_time: 'false', display_emoji_reaction_users: 'true' }, 'iago@zulip.com')).body).toEqual({
        result: 'success',
        msg: '',
      });
    });
    expect(notices).toEqual([]);
  });

  it.each([
    [{ notification_sound: 'trumpet' }, "Invalid notification sound 'trumpet'"],
    [{ desktop_icon_count_display: '4' }, 'Invalid desktop_icon_count_display'],
    [{ emojiset: 'comic' }, "Invalid emojiset 'comic'"],
    [{ default_language: 'xx' }, "Invalid language 'xx'"],
    [{ timezone: 'Mars/Olympus' }, "Invalid timezone 'Mars/Olympus'"],
    [{ demote_inactive_streams: '7' }, "Invalid setting value '7'"],
  ])('refuses %p without changing anything', async (form, msg) => {
    const before = (await h.user('othello@zulip.com')).settings;
    const res = await patch({ ...form, presence_enabled: 'true', enable_digest_emails: 'false' }, 'othello@zulip.com');
    expect([res.status, res.body]).toEqual([400, { result: 'error', msg, code: 'BAD_REQUEST' }]);
    expect((await h.user('othello@zulip.com')).settings).toEqual(before);
  });

  it('refuses a later setting that is not a boolean', async () => {
    const res = await patch({ presence_enabled: 'maybe' });
    expect(res.body).toEqual({ result: 'error', msg: 'Argument "presence_enabled" is not valid JSON.', code: 'BAD_REQUEST' });
  });
});
