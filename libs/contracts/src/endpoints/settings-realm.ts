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
  if (kind === 'bool') return p.bool();
  if (kind === 'string') return p.custom((raw) => jsonOrPlainString(raw));
  if (key === 'message_retention_days') return p.custom(nullableInt);
  if (key === 'waiting_period_threshold') return p.custom(nonNegativeInt);
  return p.int();
}

const propertyParams = Object.fromEntries(REALM_PROPERTIES.map((key) => [key, propertyParam(key)])) as Record<
  RealmProperty,
  p.ParamSpec<unknown, false>
>;

export const realmUpdateParams = {
  ...propertyParams,
  allow_message_editing: p.bool(),
  allow_community_topic_editing: p.bool(),
  message_content_edit_limit_seconds: p.custom(nonNegativeInt),
  message_content_delete_limit_seconds: p.custom(nonNegativeInt),
  authentication_methods: p.custom(authMethods),
};
