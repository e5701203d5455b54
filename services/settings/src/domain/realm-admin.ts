/**
 * PATCH /realm (Zulip 2.1's zerver/views/realm.py update_realm and the do_set_realm_* actions).
 * Every property but the name and description lives in realms.settings (jsonb), with Zulip's
 * defaults in code; each change is a realm event to every active user.
 */
import { writeNotices, type Executor } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import type { SettingsContext } from '../app';
import { REALM_PROPERTY_DEFAULTS as DEFAULTS } from '@chat/views';
import { REALM_PROPERTY_TYPES, type RealmProperty } from '@chat/contracts';
import { activeUserIds, loadActor, requireAdmin } from './common';

export { REALM_PROPERTY_TYPES, type RealmProperty };


/** Realm.MAX_REALM_NAME_LENGTH and MAX_REALM_DESCRIPTION_LENGTH. */
const MAX_NAME = 40;
const MAX_DESCRIPTION = 1000;

/** The languages Zulip 2.1 ships translations for (get_available_language_codes). */
const LANGUAGES = new Set([
  'ar', 'bg', 'ca', 'cs', 'de', 'el', 'en', 'en-gb', 'eo', 'es', 'fa', 'fi', 'fr', 'gl', 'hi', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'ml', 'nl',
  'pl', 'pt', 'pt-br', 'pt-pt', 'ro', 'ru', 'sk', 'sr', 'sv', 'ta', 'tl', 'tr', 'uk', 'zh-hans', 'zh-hant',
]);

/** The values Zulip 2.1 accepts for its enumerated settings. */
const CHOICES: Partial<Record<RealmProperty, number[]>> = {
  bot_creation_policy: [1, 2, 3],
  create_stream_policy: [1, 2, 3],
  invite_to_stream_policy: [1, 2, 3],
  email_address_visibility: [1, 3],
  user_group_edit_policy: [1, 2],
};

export interface RealmUpdate {
  properties: Partial<Record<RealmProperty, unknown>>;
  allow_message_editing?: boolean;
  message_content_edit_limit_seconds?: number;
  allow_community_topic_editing?: boolean;
  message_content_delete_limit_seconds?: number;
  authentication_methods?: Record<string, boolean>;
}

function validate(update: RealmUpdate): void {
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

/** Every realm property with its current value: the defaults under what the realm has set. */
export async function realmProperties(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  const realm = await db('realms').where({ id: realmId }).first('name', 'description', 'settings');
  return { ...DEFAULTS, ...((realm?.settings as Record<string, unknown> | null) ?? {}), name: realm?.name, description: realm?.description };
}

export async function updateRealm(ctx: SettingsContext, realmId: number, actorId: number, update: RealmUpdate): Promise<Record<string, unknown>> {
  validate(update);
  const data: Record<string, unknown> = {};
  await ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    const row = await trx('realms').where({ id: realmId }).forUpdate().first('settings');
    const settings: Record<string, unknown> = { ...((row?.settings as Record<string, unknown> | null) ?? {}) };
    const current = await realmProperties(trx, realmId);
    const columns: Record<string, unknown> = {};
    const events: EventOf<'realm'>[] = [];

    // do_set_realm_authentication_methods
    if (update.authentication_methods !== undefined) {
      const before = { password: true, email: true, dev: false, ...((settings.authentication_methods as Record<string, boolean> | undefined) ?? {}) };
      const after = { ...before, ...update.authentication_methods };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        settings.authentication_methods = after;
        events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { authentication_methods: after } });
        data.authentication_methods = update.authentication_methods;
      }
    }

    // do_set_realm_message_editing: the three editing rules travel together.
    const editing = {
      allow_message_editing: update.allow_message_editing ?? current.allow_message_editing,
      message_content_edit_limit_seconds: update.message_content_edit_limit_seconds ?? current.message_content_edit_limit_seconds,
      allow_community_topic_editing: update.allow_community_topic_editing ?? current.allow_community_topic_editing,
    };
    if ((Object.keys(editing) as (keyof typeof editing)[]).some((k) => editing[k] !== current[k])) {
      Object.assign(settings, editing);
      events.push({ type: 'realm', op: 'update_dict', property: 'default', data: editing });
      Object.assign(data, editing);
    }

    // do_set_realm_message_deleting
    const deleteLimit = update.message_content_delete_limit_seconds;
    if (deleteLimit !== undefined && deleteLimit !== current.message_content_delete_limit_seconds) {
      settings.message_content_delete_limit_seconds = deleteLimit;
      events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { message_content_delete_limit_seconds: deleteLimit } });
      data.message_content_delete_limit_seconds = deleteLimit;
    }

    // do_set_realm_property for each of Realm.property_types that changed.
    for (const key of Object.keys(REALM_PROPERTY_TYPES) as RealmProperty[]) {
      const value = update.properties[key];
      if (value === undefined || value === current[key]) continue;
      if (key === 'name' || key === 'description') columns[key] = value;
      else settings[key] = value;
      events.push({ type: 'realm', op: 'update', property: key, value });
      data[key] = typeof value === 'string' ? 'updated' : value;
    }

    if (!events.length) return;
    await trx('realms')
      .where({ id: realmId })
      .update({ ...columns, settings: JSON.stringify(settings) });
    const users = await activeUserIds(trx, realmId);
    await writeNotices(
      trx,
      events.map((event) => userEventNotice(realmId, event, users)),
    );
  });
  return data;
}
