import { createHash } from 'node:crypto';

/** A realm without an uploaded icon shows its Gravatar identicon (Zulip's get_realm_icon_url, source G). */
export function realmIconUrl(stringId: string): string {
  return `https://secure.gravatar.com/avatar/${createHash('md5').update(stringId.toLowerCase()).digest('hex')}?d=identicon`;
}

/**
 * Zulip 2.1's Realm.property_types defaults for what a realm has not set (realms.settings holds
 * what it has): PATCH /realm changes them, /register's realm state shows them.
 */
export const REALM_PROPERTY_DEFAULTS: Record<string, unknown> = {
  add_emoji_by_admins_only: false,
  allow_edit_history: true,
  allow_message_deleting: false,
  allow_message_editing: true,
  allow_community_topic_editing: true,
  bot_creation_policy: 1,
  create_stream_policy: 1,
  invite_to_stream_policy: 1,
  default_language: 'en',
  default_twenty_four_hour_time: false,
  digest_emails_enabled: false,
  disallow_disposable_email_addresses: true,
  email_address_visibility: 1,
  email_changes_disabled: false,
  google_hangouts_domain: '',
  zoom_user_id: '',
  zoom_api_key: '',
  zoom_api_secret: '',
  invite_required: true,
  invite_by_admins_only: false,
  inline_image_preview: true,
  inline_url_embed_preview: false,
  mandatory_topics: false,
  message_retention_days: null,
  message_content_edit_limit_seconds: 600,
  message_content_delete_limit_seconds: 600,
  name_changes_disabled: false,
  avatar_changes_disabled: false,
  emails_restricted_to_domains: false,
  send_welcome_emails: true,
  message_content_allowed_in_email_notifications: true,
  video_chat_provider: 1,
  waiting_period_threshold: 0,
  digest_weekday: 1,
  user_group_edit_policy: 1,
};
