/**
 * PATCH /realm (Zulip 2.1's zerver/views/realm.py update_realm and the do_set_realm_* actions).
 * Every property but the name and description lives in realms.settings (jsonb), with Zulip's
 * defaults in code; each change is a realm event to every active user.
 */
import { REALM_PROPERTY_TYPES, type RealmProperty } from '@chat/contracts';
import { COMMON_POLICY_VALUES, writeNotices } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import type { SettingsContext } from '../deps';
import { authenticationMethods, type AuthBackends } from '@chat/views';
import { authBackendsOf } from '../lib/auth-methods';
import { requireAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { lockRealmSettings, realmProperties } from '../queries/realm';

/** Realm.MAX_REALM_NAME_LENGTH and MAX_REALM_DESCRIPTION_LENGTH. */
const MAX_NAME = 40;
const MAX_DESCRIPTION = 1000;

/** The languages Zulip 2.1 ships translations for (get_available_language_codes). */
const LANGUAGES = new Set([
  'ar',
  'bg',
  'ca',
  'cs',
  'de',
  'el',
  'en',
  'en-gb',
  'eo',
  'es',
  'fa',
  'fi',
  'fr',
  'gl',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'ml',
  'nl',
  'pl',
  'pt',
  'pt-br',
  'pt-pt',
  'ro',
  'ru',
  'sk',
  'sr',
  'sv',
  'ta',
  'tl',
  'tr',
  'uk',
  'zh-hans',
  'zh-hant',
]);

/**
 * The values Zulip accepts for its enumerated settings: 2.1's, and the moderators-only option of
 * the common policies (Zulip 4.0's moderator role; user_group_edit_policy took them all in 5.0).
 */
const CHOICES: Partial<Record<RealmProperty, readonly number[]>> = {
  bot_creation_policy: [1, 2, 3],
  create_stream_policy: COMMON_POLICY_VALUES,
  invite_to_stream_policy: COMMON_POLICY_VALUES,
  email_address_visibility: [1, 3],
  user_group_edit_policy: COMMON_POLICY_VALUES,
};

export interface RealmUpdate {
  properties: Partial<Record<RealmProperty, unknown>>;
  allow_message_editing?: boolean;
  message_content_edit_limit_seconds?: number;
  allow_community_topic_editing?: boolean;
  message_content_delete_limit_seconds?: number;
  authentication_methods?: Record<string, boolean>;
  external_auth_auto_signup?: boolean;
}

/** update_realm's checks of the values given. */
function checkValues(update: RealmUpdate): void {
  const props = update.properties;
  if (typeof props.description === 'string' && props.description.length > MAX_DESCRIPTION) {
    throw badRequest('Organization description is too long.');
  }
  if (typeof props.name === 'string' && props.name.length > MAX_NAME) throw badRequest('Organization name is too long.');
  if (typeof props.default_language === 'string' && !LANGUAGES.has(props.default_language)) {
    throw badRequest(`Invalid language '${props.default_language}'`);
  }
  if (update.authentication_methods !== undefined && !Object.values(update.authentication_methods).some((v) => v === true)) {
    throw badRequest('At least one authentication method must be enabled.');
  }
  if (props.video_chat_provider !== undefined && ![1, 2, 3].includes(props.video_chat_provider as number)) {
    throw badRequest(`Invalid video_chat_provider ${String(props.video_chat_provider)}`);
  }
  for (const [key, allowed] of Object.entries(CHOICES)) {
    const value = props[key as RealmProperty];
    if (value !== undefined && !allowed.includes(value as number)) throw badRequest(`Invalid ${key}`);
  }
  if (typeof props.digest_weekday === 'number' && (props.digest_weekday < 0 || props.digest_weekday > 6)) {
    throw badRequest('Invalid digest_weekday');
  }
}

/** PATCH /realm's parameters: any realm property, and the rules that change together. */
export type RealmUpdateRequest = RealmUpdate['properties'] & Omit<RealmUpdate, 'properties'>;

/** The request as an update (the realm properties it names apart), checked. */
function checkRealmUpdate(request: RealmUpdateRequest): RealmUpdate {
  const properties = Object.fromEntries(
    (Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[]).filter((key) => request[key] !== undefined).map((key) => [key, request[key]]),
  );
  const update: RealmUpdate = {
    properties,
    allow_message_editing: request.allow_message_editing,
    allow_community_topic_editing: request.allow_community_topic_editing,
    message_content_edit_limit_seconds: request.message_content_edit_limit_seconds,
    message_content_delete_limit_seconds: request.message_content_delete_limit_seconds,
    authentication_methods: request.authentication_methods,
    external_auth_auto_signup: request.external_auth_auto_signup,
  };
  checkValues(update);
  return update;
}

/** What an update changes: the new settings and columns, the events, and the answer's data. */
interface RealmChanges {
  settings: Record<string, unknown>;
  columns: Record<string, unknown>;
  events: EventOf<'realm'>[];
  data: Record<string, unknown>;
}

/** do_set_realm_authentication_methods: the event carries the methods now on, as /register shows them. */
function authenticationChange(changes: RealmChanges, update: RealmUpdate, backends: AuthBackends): void {
  if (update.authentication_methods === undefined) return;
  const { settings } = changes;
  const before = {
    password: true,
    email: true,
    dev: false,
    ...((settings.authentication_methods as Record<string, boolean> | undefined) ?? {}),
  };
  const after = { ...before, ...update.authentication_methods };
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  settings.authentication_methods = after;
  const methods = authenticationMethods(backends, { settings: { ...settings, authentication_methods: after } });
  changes.events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { authentication_methods: methods } });
  changes.data.authentication_methods = update.authentication_methods;
}

/** Auto sign-up through external providers: a setting of this server's own, so no event (no client shows it). */
function autoSignupChange(changes: RealmChanges, update: RealmUpdate): void {
  const value = update.external_auth_auto_signup;
  if (value === undefined || value === (changes.settings.external_auth_auto_signup ?? false)) return;
  changes.settings.external_auth_auto_signup = value;
  changes.data.external_auth_auto_signup = value;
}

/** do_set_realm_message_editing: the three editing rules travel together. */
function editingChange(changes: RealmChanges, update: RealmUpdate, current: Record<string, unknown>): void {
  const editing = {
    allow_message_editing: update.allow_message_editing ?? current.allow_message_editing,
    message_content_edit_limit_seconds: update.message_content_edit_limit_seconds ?? current.message_content_edit_limit_seconds,
    allow_community_topic_editing: update.allow_community_topic_editing ?? current.allow_community_topic_editing,
  };
  if (!(Object.keys(editing) as (keyof typeof editing)[]).some((k) => editing[k] !== current[k])) return;
  Object.assign(changes.settings, editing);
  changes.events.push({ type: 'realm', op: 'update_dict', property: 'default', data: editing });
  Object.assign(changes.data, editing);
}

/** do_set_realm_message_deleting */
function deletingChange(changes: RealmChanges, update: RealmUpdate, current: Record<string, unknown>): void {
  const deleteLimit = update.message_content_delete_limit_seconds;
  if (deleteLimit === undefined || deleteLimit === current.message_content_delete_limit_seconds) return;
  changes.settings.message_content_delete_limit_seconds = deleteLimit;
  changes.events.push({
    type: 'realm',
    op: 'update_dict',
    property: 'default',
    data: { message_content_delete_limit_seconds: deleteLimit },
  });
  changes.data.message_content_delete_limit_seconds = deleteLimit;
}

/** do_set_realm_property for each of Realm.property_types that changed. */
function propertyChanges(changes: RealmChanges, update: RealmUpdate, current: Record<string, unknown>): void {
  for (const key of Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[]) {
    const value = update.properties[key];
    if (value === undefined || value === current[key]) continue;
    if (key === 'name' || key === 'description') changes.columns[key] = value;
    else changes.settings[key] = value;
    changes.events.push({ type: 'realm', op: 'update', property: key, value });
    changes.data[key] = typeof value === 'string' ? 'updated' : value;
  }
}

/** Every change the update makes to a realm whose stored settings and current properties are given, in Zulip's order. */
function realmChanges(
  stored: Record<string, unknown>,
  current: Record<string, unknown>,
  update: RealmUpdate,
  backends: AuthBackends,
): RealmChanges {
  const changes: RealmChanges = { settings: { ...stored }, columns: {}, events: [], data: {} };
  authenticationChange(changes, update, backends);
  autoSignupChange(changes, update);
  editingChange(changes, update, current);
  deletingChange(changes, update, current);
  propertyChanges(changes, update, current);
  return changes;
}

/** PATCH /realm: answers with what changed (a text setting's value reads "updated"). */
export async function doUpdateRealm(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  request: RealmUpdateRequest,
): Promise<Record<string, unknown>> {
  const update = checkRealmUpdate(request);
  let data: Record<string, unknown> = {};
  await ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    const stored = (await lockRealmSettings(trx, realmId)) ?? {};
    const changes = realmChanges(stored, await realmProperties(trx, realmId), update, authBackendsOf(ctx.config));
    data = changes.data;
    if (!changes.events.length && changes.data.external_auth_auto_signup === undefined) return;
    await trx('realms')
      .where({ id: realmId })
      .update({ ...changes.columns, settings: JSON.stringify(changes.settings) });
    const users = await activeUserIds(trx, realmId);
    await writeNotices(
      trx,
      changes.events.map((event) => userEventNotice(realmId, event, users)),
    );
  });
  return data;
}
