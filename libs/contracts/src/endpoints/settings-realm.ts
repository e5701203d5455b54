/**
 * The parameters of PATCH /realm: one per realm property, built from Zulip's table of them, plus
 * the settings that change together (message editing) or are not plain values.
 */
import { badRequest } from '@chat/errors';
import * as p from '../params';
import { checkBool, checkDictOf, jsonOrPlainString, nonNegativeInt, validatedJson } from '../validators';

/** Realm.property_types of Zulip 2.1 with their kind (name and description are columns). */
export const REALM_PROPERTY_TYPES = {
  add_emoji_by_admins_only: 'bool',
  allow_edit_history: 'bool',
  allow_message_deleting: 'bool',
  bot_creation_policy: 'int',
  create_stream_policy: 'int',
  invite_to_stream_policy: 'int',
  default_language: 'string',
  default_twenty_four_hour_time: 'bool',
  description: 'string',
  digest_emails_enabled: 'bool',
  disallow_disposable_email_addresses: 'bool',
  email_address_visibility: 'int',
  email_changes_disabled: 'bool',
  google_hangouts_domain: 'string',
  zoom_user_id: 'string',
  zoom_api_key: 'string',
  zoom_api_secret: 'string',
  invite_required: 'bool',
  invite_by_admins_only: 'bool',
  inline_image_preview: 'bool',
  inline_url_embed_preview: 'bool',
  mandatory_topics: 'bool',
  message_retention_days: 'int',
  name: 'string',
  name_changes_disabled: 'bool',
  avatar_changes_disabled: 'bool',
  emails_restricted_to_domains: 'bool',
  send_welcome_emails: 'bool',
  message_content_allowed_in_email_notifications: 'bool',
  video_chat_provider: 'int',
  waiting_period_threshold: 'int',
  digest_weekday: 'int',
  user_group_edit_policy: 'int',
} as const;

export type RealmProperty = keyof typeof REALM_PROPERTY_TYPES;

/** For the reference page: what each realm setting controls. */
const REALM_PROPERTY_DOCS: Record<RealmProperty, string> = {
  add_emoji_by_admins_only: 'Whether only administrators may add custom emoji.',
  allow_edit_history: 'Whether users may see the edit history of messages.',
  allow_message_deleting: 'Whether users may delete their own messages.',
  bot_creation_policy: 'Who may create bots: 1 everyone, 2 everyone but only generic bots, 3 administrators.',
  create_stream_policy:
    'Who may create streams: 1 members, 2 administrators, 3 members past the waiting period, 4 administrators and moderators.',
  invite_to_stream_policy:
    'Who may add others to streams: 1 members, 2 administrators, 3 members past the waiting period, 4 administrators and moderators.',
  default_language: 'The default language of new users, as a code such as `en`.',
  default_twenty_four_hour_time: 'Whether new users see times on a 24-hour clock.',
  description: "The realm's description (Markdown), shown on its login page.",
  digest_emails_enabled: 'Whether digest e-mails are sent to inactive users.',
  disallow_disposable_email_addresses: 'Whether sign-ups with disposable e-mail addresses are refused.',
  email_address_visibility: 'Who sees real e-mail addresses: 1 everyone, 2 members, 3 administrators.',
  email_changes_disabled: 'Whether users may not change their e-mail address.',
  google_hangouts_domain: 'The G Suite domain for Google Hangouts video calls.',
  zoom_user_id: 'The Zoom account for video calls.',
  zoom_api_key: 'The Zoom API key for video calls.',
  zoom_api_secret: 'The Zoom API secret for video calls.',
  invite_required: 'Whether joining needs an invitation.',
  invite_by_admins_only: 'Whether only administrators may invite.',
  inline_image_preview: 'Whether images linked in messages are previewed.',
  inline_url_embed_preview: 'Whether links in messages get a preview of the page.',
  mandatory_topics: 'Whether stream messages must have a topic.',
  message_retention_days: 'How many days messages are kept; null: for ever.',
  name: "The realm's name.",
  name_changes_disabled: 'Whether users may not change their name.',
  avatar_changes_disabled: 'Whether users may not change their avatar.',
  emails_restricted_to_domains: "Whether only the realm's e-mail domains may join.",
  send_welcome_emails: 'Whether new users get welcome e-mails.',
  message_content_allowed_in_email_notifications: 'Whether notification e-mails may include message content.',
  video_chat_provider: 'The video call provider, by id.',
  waiting_period_threshold: 'The days a new member waits before the policies that say so let them act.',
  digest_weekday: 'The weekday digests go out: 0 Monday to 6 Sunday.',
  user_group_edit_policy:
    'Who may edit user groups: 1 members, 2 administrators, 3 members past the waiting period, 4 administrators and moderators.',
};

/** The realm properties, in the table's order. */
const REALM_PROPERTIES = Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[];

/** check_int that also takes JSON null (message_retention_days: forever). */
function nullableInt(raw: string, name: string): number | null {
  if (raw.trim() === 'null') return null;
  if (!/^-?\d+$/.test(raw.trim()) || Math.abs(Number(raw.trim())) > 2147483647) throw badRequest(`${name} is not an integer`);
  return Number(raw.trim());
}

const authMethods = validatedJson<Record<string, boolean>>(checkDictOf(checkBool));

function propertyParam(key: RealmProperty): p.ParamSpec<unknown, false> {
  const kind = REALM_PROPERTY_TYPES[key];
  // The reference's example request renames the realm; the other settings are shown, not sent.
  const docs = { description: REALM_PROPERTY_DOCS[key], sample: key === 'name' };
  if (kind === 'bool') return p.bool(docs);
  if (kind === 'string')
    return p.custom((raw) => jsonOrPlainString(raw), { ...docs, encoding: 'plain-or-json', example: key === 'name' ? 'Elsinore' : '' });
  if (key === 'message_retention_days') return p.custom(nullableInt, { ...docs, encoding: 'plain', example: 30 });
  if (key === 'waiting_period_threshold') return p.custom(nonNegativeInt, { ...docs, schema: { type: 'integer' }, example: 3 });
  return p.int({ ...docs, example: 1 });
}

const propertyParams = Object.fromEntries(REALM_PROPERTIES.map((key) => [key, propertyParam(key)])) as Record<
  RealmProperty,
  p.ParamSpec<unknown, false>
>;

export const realmUpdateParams = {
  ...propertyParams,
  allow_message_editing: p.bool({ description: 'Whether users may edit their messages.' }),
  allow_community_topic_editing: p.bool({ description: "Whether users may edit the topic of others' messages." }),
  message_content_edit_limit_seconds: p.custom(nonNegativeInt, {
    schema: { type: 'integer' },
    description: 'For how long after sending a message may be edited; 0: always.',
    example: 600,
    sample: false,
  }),
  message_content_delete_limit_seconds: p.custom(nonNegativeInt, {
    schema: { type: 'integer' },
    description: 'For how long after sending a message may be deleted by its sender; 0: always.',
    example: 600,
    sample: false,
  }),
  authentication_methods: p.custom(authMethods, {
    description: 'The login methods allowed, by name.',
    example: { Email: true, Dev: true },
    sample: false,
  }),
  external_auth_auto_signup: p.bool({
    description:
      "Whether a person's first login through an external provider (OpenID Connect) creates their account, within the realm's " +
      'domain and invitation rules (off by default: only existing accounts log in).',
  }),
};
