import { defineEndpoint, p, jsonOrPlainString } from '@chat/http';
import type { SettingsContext } from '../app';
import { updateDisplaySettings, updateNotificationSettings } from '../domain/user-settings';

const text = () => p.custom((raw) => jsonOrPlainString(raw));

export function userSettingsEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'PATCH',
      path: '/settings/notifications',
      auth: 'user',
      params: {
        enable_stream_desktop_notifications: p.bool(),
        enable_stream_email_notifications: p.bool(),
        enable_stream_push_notifications: p.bool(),
        enable_stream_audible_notifications: p.bool(),
        notification_sound: text(),
        enable_desktop_notifications: p.bool(),
        enable_sounds: p.bool(),
        enable_offline_email_notifications: p.bool(),
        enable_offline_push_notifications: p.bool(),
        enable_online_push_notifications: p.bool(),
        enable_digest_emails: p.bool(),
        enable_login_emails: p.bool(),
        message_content_in_email_notifications: p.bool(),
        pm_content_in_desktop_notifications: p.bool(),
        wildcard_mentions_notify: p.bool(),
        desktop_icon_count_display: p.int(),
        realm_name_in_notifications: p.bool(),
      },
      handler: ({ identity, params }) => updateNotificationSettings(ctx, identity.realmId, identity.userId, params),
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/settings/display',
      auth: 'user',
      params: {
        twenty_four_hour_time: p.bool(),
        dense_mode: p.bool(),
        starred_message_counts: p.bool(),
        fluid_layout_width: p.bool(),
        high_contrast_mode: p.bool(),
        night_mode: p.bool(),
        translate_emoticons: p.bool(),
        default_language: text(),
        left_side_userlist: p.bool(),
        emojiset: text(),
        demote_inactive_streams: p.int(),
        timezone: text(),
      },
      handler: ({ identity, params }) => updateDisplaySettings(ctx, identity.realmId, identity.userId, params),
    }),
  ];
}
