/**
 * Custom profile fields (Zulip 2.1's zerver/views/custom_profile_fields.py): the realm's fields,
 * administrators adding and removing them, and each user's own values.
 */
import { anyOf, isRowId, PROFILE_FIELD_TYPES, realmProfileFields, writeNotices, type Executor } from '@chat/db';
import { badRequest, escapeHtml } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { isUniqueViolation } from '../store/users';
import { activeUserIds, loadActor, requireAdmin } from './common';

/** CustomProfileField.NAME_MAX_LENGTH and HINT_MAX_LENGTH. */
const NAME_MAX = 40;
const HINT_MAX = 80;
const SHORT_TEXT = 1;
const LONG_TEXT = 2;
export const CHOICE = 3;
const DATE = 4;
const URL_FIELD = 5;
export const USER = 6;

export async function listProfileFields(ctx: SettingsContext, realmId: number): Promise<Record<string, unknown>> {
  return { custom_fields: await realmProfileFields(ctx.db.knex, realmId) };
}

export async function emitFields(trx: Executor, realmId: number): Promise<void> {
  const fields = await realmProfileFields(trx, realmId);
  await writeNotices(trx, [userEventNotice(realmId, { type: 'custom_profile_fields', op: 'add', fields }, await activeUserIds(trx, realmId))]);
}

/** Zulip's validate_custom_profile_field for the label and hint; returns the trimmed label. */
export function checkLabelAndHint(rawName: string, hint: string): string {
  const name = rawName.trim();
  if (!name) throw badRequest('Label cannot be blank.');
  if (name.length > NAME_MAX) throw badRequest(`name is too long (limit: ${NAME_MAX} characters)`);
  if (hint.length > HINT_MAX) throw badRequest(`hint is too long (limit: ${HINT_MAX} characters)`);
  return name;
}

export function checkFieldData(fieldType: number, fieldData: unknown): Record<string, unknown> {
  if (!fieldData || typeof fieldData !== 'object' || Array.isArray(fieldData)) throw badRequest('field_data is not a dict');
  const data = fieldData as Record<string, unknown>;
  if (fieldType === CHOICE) {
    if (Object.keys(data).length < 1) throw badRequest('Field must have at least one choice.');
    for (const [key, choice] of Object.entries(data)) {
      const c = choice as Record<string, unknown> | null;
      if (!c || typeof c !== 'object' || typeof c.text !== 'string' || typeof c.order !== 'string') {
        throw badRequest(`field_data["${key}"] is not a valid choice`);
      }
      if (c.text === '') throw badRequest('Label cannot be blank.');
    }
  }
  return data;
}

export async function createProfileField(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  input: { name: string; hint: string; fieldType: number; fieldData: unknown },
): Promise<Record<string, unknown>> {
  const name = checkLabelAndHint(input.name, input.hint);
  if (!PROFILE_FIELD_TYPES.some((t) => t.id === input.fieldType)) throw badRequest('Invalid field type.');
  const data = checkFieldData(input.fieldType, input.fieldData);
  let id = 0;
  try {
    await ctx.db.knex.transaction(async (trx) => {
      requireAdmin(await loadActor(trx, realmId, actorId));
      if (await trx('custom_profile_fields').where({ realm_id: realmId, name }).first('id')) throw badRequest('A field with that label already exists.');
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
      await emitFields(trx, realmId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('A field with that label already exists.');
    throw err;
  }
  return { id };
}

export async function deleteProfileField(ctx: SettingsContext, realmId: number, actorId: number, fieldId: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    const field = isRowId(fieldId) ? await trx('custom_profile_fields').where({ id: fieldId, realm_id: realmId }).first('id') : undefined;
    if (!field) throw badRequest(`Field id ${fieldId} not found.`);
    await trx('custom_profile_field_values').where({ field_id: fieldId }).delete();
    await trx('custom_profile_fields').where({ id: fieldId }).delete();
    await emitFields(trx, realmId);
  });
  return {};
}

/** Zulip's validators per field type; returns the value as stored (person pickers as JSON). */
async function checkValue(db: Executor, realmId: number, field: { name: string; field_type: number; field_data: string }, value: unknown): Promise<string> {
  const name = field.name;
  if (field.field_type === USER) {
    if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
    for (const [i, userId] of value.entries()) if (typeof userId !== 'number' || !Number.isInteger(userId)) throw badRequest(`${name}[${i}] is not an integer`);
    const ids = value as number[];
    const outOfRange = ids.find((userId) => !isRowId(userId));
    if (outOfRange !== undefined) throw badRequest(`Invalid user ID: ${outOfRange}`);
    const found: { id: number }[] = ids.length ? await db('users').where({ realm_id: realmId, is_active: true }).whereRaw(...anyOf('id', ids)).select('id') : [];
    for (const userId of ids) if (!found.some((u) => u.id === userId)) throw badRequest(`Invalid user ID: ${userId}`);
    return JSON.stringify(ids);
  }
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
  if (field.field_type === SHORT_TEXT && value.length > 50) throw badRequest(`${name} is too long (limit: 50 characters)`);
  if (field.field_type === LONG_TEXT && value.length > 500) throw badRequest(`${name} is too long (limit: 500 characters)`);
  if (field.field_type === DATE && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))) throw badRequest(`${name} is not a date`);
  if (field.field_type === URL_FIELD && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value)) throw badRequest(`${name} is not a URL`);
  if (field.field_type === CHOICE) {
    const choices = field.field_data ? (JSON.parse(field.field_data) as Record<string, unknown>) : {};
    if (!Object.hasOwn(choices, value)) throw badRequest(`'${value}' is not a valid choice for '${name}'.`);
  }
  return value;
}

/** PATCH /users/me/profile_data: data is a list of {id, value}; a realm_user update per changed field. */
export async function updateProfileData(ctx: SettingsContext, realmId: number, userId: number, data: unknown): Promise<Record<string, unknown>> {
  if (!Array.isArray(data)) throw badRequest('data is not a list');
  data.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(`data[${i}] is not a dict`);
    const entry = item as Record<string, unknown>;
    if (!('id' in entry)) throw badRequest(`data[${i}] key is missing: id`);
    if (typeof entry.id !== 'number' || !Number.isInteger(entry.id)) throw badRequest(`data[${i}]["id"] is not an integer`);
    if (!('value' in entry)) throw badRequest(`data[${i}] key is missing: value`);
  });
  const items = data as { id: number; value: unknown }[];
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const changes: { id: number; stored: string; type: number; rendered: string | null }[] = [];
    for (const item of items) {
      const field = isRowId(item.id)
        ? await trx('custom_profile_fields').where({ id: item.id, realm_id: realmId }).first('id', 'name', 'field_type', 'field_data')
        : undefined;
      if (!field) throw badRequest(`Field id ${item.id} not found.`);
      const stored = await checkValue(trx, realmId, field, item.value);
      const existing = await trx('custom_profile_field_values').where({ field_id: item.id, user_id: userId }).first('value');
      if (existing?.value === stored) continue;
      const rendered = field.field_type === LONG_TEXT ? `<p>${escapeHtml(stored)}</p>` : null;
      await trx('custom_profile_field_values')
        .insert({ field_id: item.id, user_id: userId, value: stored, rendered_value: rendered })
        .onConflict(['field_id', 'user_id'])
        .merge();
      changes.push({ id: item.id, stored, type: field.field_type, rendered });
    }
    if (!changes.length) return;
    const users = await activeUserIds(trx, realmId);
    await writeNotices(
      trx,
      changes.map((c) => {
        const field: { id: number; value: string; rendered_value?: string } = { id: c.id, value: c.stored };
        if (c.rendered !== null) field.rendered_value = c.rendered;
        return userEventNotice(realmId, { type: 'realm_user', op: 'update', person: { user_id: userId, custom_profile_field: field } }, users);
      }),
    );
  });
  return {};
}
