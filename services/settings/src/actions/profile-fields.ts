/**
 * Custom profile fields (Zulip 2.1's zerver/views/custom_profile_fields.py): administrators adding
 * and removing the realm's fields, and each user setting their own values.
 */
import { isRowId, PROFILE_FIELD_TYPES, realmProfileFields, writeNotices, type Executor } from '@chat/db';
import { badRequest, escapeHtml } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { checkFieldData, checkLabelAndHint, CHOICE, DATE, LONG_TEXT, SHORT_TEXT, URL_FIELD, USER } from '../lib/profile-fields';
import { requireAdmin } from '../lib/permissions';
import { isUniqueViolation } from '../lib/unique-violation';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { activeRealmUserIds, fieldById, isLabelTaken, storedValue, type FieldDefinition } from '../queries/profile-fields';

/** The custom_profile_fields event: the realm's whole list, to every active user (Zulip's one shape, op "add"). */
export async function notifyProfileFields(trx: Executor, realmId: number): Promise<void> {
  const fields = await realmProfileFields(trx, realmId);
  await writeNotices(trx, [
    userEventNotice(realmId, { type: 'custom_profile_fields', op: 'add', fields }, await activeUserIds(trx, realmId)),
  ]);
}

export interface NewProfileField {
  name: string;
  hint: string;
  fieldType: number;
  fieldData: unknown;
}

/** create_realm_custom_profile_field's checks of the definition; the label trimmed and the data. */
function checkNewProfileField(input: NewProfileField): { name: string; data: Record<string, unknown> } {
  const name = checkLabelAndHint(input.name, input.hint);
  if (!PROFILE_FIELD_TYPES.some((t) => t.id === input.fieldType)) throw badRequest('Invalid field type.');
  return { name, data: checkFieldData(input.fieldType, input.fieldData) };
}

/** POST /realm/profile_fields (Zulip's try_add_realm_custom_profile_field). */
export async function doCreateProfileField(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  input: NewProfileField,
): Promise<Record<string, unknown>> {
  const { name, data } = checkNewProfileField(input);
  let id = 0;
  try {
    await ctx.db.knex.transaction(async (trx) => {
      requireAdmin(await loadActor(trx, realmId, actorId));
      if (await isLabelTaken(trx, realmId, name)) throw badRequest('A field with that label already exists.');
      const [row] = await trx('custom_profile_fields')
        .insert({
          realm_id: realmId,
          name,
          hint: input.hint,
          field_type: input.fieldType,
          field_data: Object.keys(data).length ? JSON.stringify(data) : '',
        })
        .returning('id');
      id = (row as { id: number }).id;
      // A new field goes last: its order is its id, as Zulip does.
      await trx('custom_profile_fields').where({ id }).update({ order: id });
      await notifyProfileFields(trx, realmId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('A field with that label already exists.');
    throw err;
  }
  return { id };
}

/** DELETE /realm/profile_fields/{field_id} (Zulip's do_remove_realm_custom_profile_field): the field and every value of it. */
export async function doDeleteProfileField(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  fieldId: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    if (!(await fieldById(trx, realmId, fieldId))) throw badRequest(`Field id ${fieldId} not found.`);
    await trx('custom_profile_field_values').where({ field_id: fieldId }).delete();
    await trx('custom_profile_fields').where({ id: fieldId }).delete();
    await notifyProfileFields(trx, realmId);
  });
  return {};
}

/** A person picker's value: a list of the realm's active users' ids. */
async function checkUserIdsValue(db: Executor, realmId: number, name: string, value: unknown): Promise<string> {
  if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
  for (const [i, userId] of value.entries())
    if (typeof userId !== 'number' || !Number.isInteger(userId)) throw badRequest(`${name}[${i}] is not an integer`);
  const ids = value as number[];
  const outOfRange = ids.find((userId) => !isRowId(userId));
  if (outOfRange !== undefined) throw badRequest(`Invalid user ID: ${outOfRange}`);
  const found = await activeRealmUserIds(db, realmId, ids);
  for (const userId of ids) if (!found.has(userId)) throw badRequest(`Invalid user ID: ${userId}`);
  return JSON.stringify(ids);
}

/** Zulip's validators per field type; returns the value as stored (person pickers as JSON). */
async function checkProfileValue(db: Executor, realmId: number, field: FieldDefinition, value: unknown): Promise<string> {
  const name = field.name;
  if (field.field_type === USER) return checkUserIdsValue(db, realmId, name, value);
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
  if (field.field_type === SHORT_TEXT && value.length > 50) throw badRequest(`${name} is too long (limit: 50 characters)`);
  if (field.field_type === LONG_TEXT && value.length > 500) throw badRequest(`${name} is too long (limit: 500 characters)`);
  if (field.field_type === DATE && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))))
    throw badRequest(`${name} is not a date`);
  if (field.field_type === URL_FIELD && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value)) throw badRequest(`${name} is not a URL`);
  if (field.field_type === CHOICE) {
    const choices = field.field_data ? (JSON.parse(field.field_data) as Record<string, unknown>) : {};
    if (!Object.hasOwn(choices, value)) throw badRequest(`'${value}' is not a valid choice for '${name}'.`);
  }
  return value;
}

/** PATCH /users/me/profile_data's `data`: a list of {id, value} dicts. */
function checkProfileData(data: unknown): { id: number; value: unknown }[] {
  if (!Array.isArray(data)) throw badRequest('data is not a list');
  data.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(`data[${i}] is not a dict`);
    const entry = item as Record<string, unknown>;
    if (!('id' in entry)) throw badRequest(`data[${i}] key is missing: id`);
    if (typeof entry.id !== 'number' || !Number.isInteger(entry.id)) throw badRequest(`data[${i}]["id"] is not an integer`);
    if (!('value' in entry)) throw badRequest(`data[${i}] key is missing: value`);
  });
  return data as { id: number; value: unknown }[];
}

/** A value that changed, as stored and as its event shows it. */
interface ValueChange {
  id: number;
  stored: string;
  rendered: string | null;
}

/** Each item checked in turn; the values that differ from what is stored (or from an earlier item of the list). */
async function checkValueChanges(
  trx: Executor,
  realmId: number,
  userId: number,
  items: { id: number; value: unknown }[],
): Promise<ValueChange[]> {
  const changes: ValueChange[] = [];
  const latest = new Map<number, string | undefined>();
  for (const item of items) {
    const field = await fieldById(trx, realmId, item.id);
    if (!field) throw badRequest(`Field id ${item.id} not found.`);
    const stored = await checkProfileValue(trx, realmId, field, item.value);
    const existing = latest.has(item.id) ? latest.get(item.id) : await storedValue(trx, item.id, userId);
    if (existing === stored) continue;
    latest.set(item.id, stored);
    changes.push({ id: item.id, stored, rendered: field.field_type === LONG_TEXT ? `<p>${escapeHtml(stored)}</p>` : null });
  }
  return changes;
}

/** PATCH /users/me/profile_data (do_update_user_custom_profile_data): a realm_user update per changed value. */
export async function doUpdateProfileData(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  data: unknown,
): Promise<Record<string, unknown>> {
  const items = checkProfileData(data);
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const changes = await checkValueChanges(trx, realmId, userId, items);
    if (!changes.length) return;
    // One row per field, its last value: the list may name a field twice.
    const rows = new Map(changes.map((c) => [c.id, { field_id: c.id, user_id: userId, value: c.stored, rendered_value: c.rendered }]));
    await trx('custom_profile_field_values')
      .insert([...rows.values()])
      .onConflict(['field_id', 'user_id'])
      .merge();
    const users = await activeUserIds(trx, realmId);
    await writeNotices(
      trx,
      changes.map((c) => {
        const field: { id: number; value: string; rendered_value?: string } = { id: c.id, value: c.stored };
        if (c.rendered !== null) field.rendered_value = c.rendered;
        return userEventNotice(
          realmId,
          { type: 'realm_user', op: 'update', person: { user_id: userId, custom_profile_field: field } },
          users,
        );
      }),
    );
  });
  return {};
}
