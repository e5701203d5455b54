/**
 * /register's user_settings object (Zulip feature level 89), which today's clients read their
 * settings from, next to 2.1's top-level copies that 2.1 clients read.
 */
import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { devRealmId, headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';

jest.setTimeout(60_000);

/** The emoji sets of Zulip 9.0 (google-blue is gone, google-blob came), as /register offers them. */
const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'google-blob', text: 'Google classic' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
];
/** Every /register answer carries the server's version keys. */
const VERSION_KEYS = ['zulip_feature_level', 'zulip_merge_base', 'zulip_version'];

describe('POST /register: user_settings', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  let realmId: number;
  const register = async (email: string, form: Record<string, string> = {}) =>
    request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, email))
      .type('form')
      .send(form);

  beforeAll(async () => {
    db = await seededDatabase(config);
    realmId = await devRealmId(db);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
  });
  afterAll(() => db.close());

  it('holds every personal setting with its default, the timezone and the choices', async () => {
    const res = await register('hamlet@zulip.com', { fetch_event_types: '["user_settings"]' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['last_event_id', 'msg', 'queue_id', 'result', 'user_settings', ...VERSION_KEYS]);
    expect(res.body.user_settings).toEqual({
      twenty_four_hour_time: false,
      dense_mode: true,
      starred_message_counts: false,
      fluid_layout_width: false,
      high_contrast_mode: false,
      night_mode: false,
      translate_emoticons: false,
      default_language: 'en',
      left_side_userlist: false,
      emojiset: 'google',
      demote_inactive_streams: 1,
      timezone: '',
      enable_stream_desktop_notifications: false,
      enable_stream_email_notifications: false,
      enable_stream_push_notifications: false,
      enable_stream_audible_notifications: false,
      notification_sound: 'zulip',
      wildcard_mentions_notify: true,
      enable_desktop_notifications: true,
      pm_content_in_desktop_notifications: true,
      enable_sounds: true,
      enable_offline_email_notifications: true,
      message_content_in_email_notifications: true,
      enable_offline_push_notifications: true,
      enable_online_push_notifications: true,
      desktop_icon_count_display: 1,
      enable_digest_emails: true,
      enable_login_emails: true,
      realm_name_in_notifications: false,
      enter_sends: false,
      presence_enabled: true,
      send_private_typing_notifications: true,
      send_stream_typing_notifications: true,
      send_read_receipts: true,
      display_emoji_reaction_users: true,
      enable_followed_topic_desktop_notifications: true,
      enable_followed_topic_email_notifications: true,
      enable_followed_topic_push_notifications: true,
      enable_followed_topic_audible_notifications: true,
      enable_followed_topic_wildcard_mentions_notify: true,
      emojiset_choices: EMOJISET_CHOICES,
      available_notification_sounds: ['ding', 'zulip'],
    });
  });

  it('shows the stored values, the later settings and the timezone included', async () => {
    await db
      .knex('users')
      .where({ realm_id: realmId, email: 'cordelia@zulip.com' })
      .update({
        settings: JSON.stringify({
          twenty_four_hour_time: true,
          enable_sounds: false,
          send_private_typing_notifications: false,
          presence_enabled: false,
        }),
        timezone: 'Europe/Rome',
      });
    const res = await register('cordelia@zulip.com', { fetch_event_types: '["user_settings"]' });
    expect(res.body.user_settings).toMatchObject({
      twenty_four_hour_time: true,
      enable_sounds: false,
      send_private_typing_notifications: false,
      presence_enabled: false,
      pm_content_in_desktop_notifications: true,
      timezone: 'Europe/Rome',
    });
  });

  it('comes with everything when no type is named, and leaves the legacy top-level keys as 2.1 has them', async () => {
    const all = await register('hamlet@zulip.com');
    expect(all.body.user_settings).toMatchObject({ twenty_four_hour_time: false, send_private_typing_notifications: true });
    expect(all.body).toMatchObject({
      twenty_four_hour_time: false,
      pm_content_in_desktop_notifications: true,
      emojiset_choices: EMOJISET_CHOICES,
    });
    // The later settings stay out of the top level: 2.1 has no such keys.
    expect(all.body).not.toHaveProperty('send_private_typing_notifications');
    expect(all.body).not.toHaveProperty('presence_enabled');

    const legacy = await register('hamlet@zulip.com', { fetch_event_types: '["update_display_settings","update_global_notifications"]' });
    expect(legacy.body).not.toHaveProperty('user_settings');
    expect(Object.keys(legacy.body).sort()).toEqual(
      [
        'result',
        'msg',
        'queue_id',
        'last_event_id',
        'twenty_four_hour_time',
        'dense_mode',
        'starred_message_counts',
        'fluid_layout_width',
        'high_contrast_mode',
        'night_mode',
        'translate_emoticons',
        'default_language',
        'left_side_userlist',
        'emojiset',
        'demote_inactive_streams',
        'timezone',
        'emojiset_choices',
        'enable_stream_desktop_notifications',
        'enable_stream_email_notifications',
        'enable_stream_push_notifications',
        'enable_stream_audible_notifications',
        'notification_sound',
        'wildcard_mentions_notify',
        'enable_desktop_notifications',
        'pm_content_in_desktop_notifications',
        'enable_sounds',
        'enable_offline_email_notifications',
        'message_content_in_email_notifications',
        'enable_offline_push_notifications',
        'enable_online_push_notifications',
        'desktop_icon_count_display',
        'enable_digest_emails',
        'enable_login_emails',
        'realm_name_in_notifications',
        'available_notification_sounds',
        ...VERSION_KEYS,
      ].sort(),
    );
  });

  it("serves zulip-terminal's first register: its three settings from user_settings", async () => {
    const res = await register('hamlet@zulip.com', {
      event_types: JSON.stringify([
        'message',
        'update_message',
        'reaction',
        'submessage',
        'subscription',
        'typing',
        'update_message_flags',
        'user_settings',
        'realm_emoji',
        'realm_user',
      ]),
      fetch_event_types: JSON.stringify([
        'realm',
        'presence',
        'subscription',
        'message',
        'starred_messages',
        'update_message_flags',
        'muted_topics',
        'realm_user',
        'realm_user_groups',
        'user_settings',
        'realm_emoji',
        'custom_profile_fields',
        'zulip_version',
      ]),
      client_gravatar: 'true',
      apply_markdown: 'true',
      include_subscribers: 'true',
      narrow: '[]',
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('twenty_four_hour_time');
    const { twenty_four_hour_time, pm_content_in_desktop_notifications, send_private_typing_notifications } = res.body.user_settings;
    expect([twenty_four_hour_time, pm_content_in_desktop_notifications, send_private_typing_notifications]).toEqual([false, true, true]);
  });
});
