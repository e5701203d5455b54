/**
 * Editing the realm's custom profile fields and a user's removal of their own values (Zulip
 * 2.1's update_realm_custom_profile_field, reorder_realm_custom_profile_fields and
 * remove_user_custom_profile_data). Each change sends the realm's whole field list again, in
 * Zulip's one shape (op "add"), as creating and deleting do.
 */
import { anyOf, isRowId, writeNotices } from '@chat/db';
import { check, checkInt, checkList } from '@chat/contracts';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { isUniqueViolation } from '../store/users';
import { activeUserIds, loadActor, requireAdmin } from './common';
import { CHOICE, USER, checkFieldData, checkLabelAndHint, emitFields } from './profile-fields';

const EXTERNAL_ACCOUNT = 7;

const notFound = (id: number) => badRequest(`Field id ${id} not found.`);

function isDefaultExternalAccount(fieldType: number, storedData: string): boolean {
  if (fieldType !== EXTERNAL_ACCOUNT || !storedData) return false;
  try {
    const data = JSON.parse(storedData) as { subtype?: unknown };
    return data.subtype !== undefined && data.subtype !== 'custom';
  } catch {
    return false;
  }
}

export async function updateProfileField(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  input: { fieldId: number; name: string; hint: string; fieldData: unknown },
): Promise<Record<string, unknown>> {
  try {
    await ctx.db.knex.transaction(async (trx) => {
      requireAdmin(await loadActor(trx, realmId, actorId));
      const field: { field_type: number; field_data: string } | undefined = isRowId(input.fieldId)
        ? await trx('custom_profile_fields').where({ id: input.fieldId, realm_id: realmId }).forUpdate().first('field_type', 'field_data')
        : undefined;
      if (!field) throw notFound(input.fieldId);
      if (isDefaultExternalAccount(field.field_type, field.field_data)) throw badRequest('Default custom field cannot be updated.');
      const data = checkFieldData(field.field_type, input.fieldData);
      const name = checkLabelAndHint(input.name, input.hint);
      const clash = await trx('custom_profile_fields').where({ realm_id: realmId, name }).whereNot({ id: input.fieldId }).first('id');
      if (clash) throw badRequest('A field with that label already exists.');
      const change: Record<string, unknown> = { name, hint: input.hint };
      // Only fields with choices or a subtype keep field_data; Zulip ignores it for the rest.
      if (field.field_type === CHOICE || field.field_type === EXTERNAL_ACCOUNT) change.field_data = JSON.stringify(data);
      await trx('custom_profile_fields').where({ id: input.fieldId }).update(change);
      await emitFields(trx, realmId);
    });
  } catch (err) {
    // Another field took the label between the check and the update.
    if (isUniqueViolation(err)) throw badRequest('A field with that label already exists.');
    throw err;
  }
  return {};
}

/** `order` lists every field of the realm (ids not of the realm are ignored); position is order. */
export async function reorderProfileFields(ctx: SettingsContext, realmId: number, actorId: number, rawOrder: unknown): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    // The administrator first, then the list, as Zulip's decorators run.
    requireAdmin(await loadActor(trx, realmId, actorId));
    const order = check<number[]>(checkList(checkInt), 'order', rawOrder);
    const position = new Map(order.map((id, i) => [id, i]));
    const fields: { id: number }[] = await trx('custom_profile_fields').where({ realm_id: realmId }).forUpdate().select('id');
    if (fields.some((f) => !position.has(f.id))) throw badRequest('Invalid order mapping.');
    for (const field of fields) await trx('custom_profile_fields').where({ id: field.id }).update({ order: position.get(field.id) });
    await emitFields(trx, realmId);
  });
  return {};
}

/** DELETE /users/me/profile_data: `data` lists field ids; a field without a value is skipped. */
export async function removeProfileData(ctx: SettingsContext, realmId: number, userId: number, rawData: unknown): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const user = await loadActor(trx, realmId, userId);
    // Zulip's human_users_only, before the list is read.
    if (user.is_bot) throw badRequest('This endpoint does not accept bot requests.');
    const fieldIds = check<number[]>(checkList(checkInt), 'data', rawData);
    const valid = fieldIds.filter(isRowId);
    const fields: { id: number; field_type: number }[] = valid.length
      ? await trx('custom_profile_fields').where({ realm_id: realmId }).whereRaw(...anyOf('id', valid)).select('id', 'field_type')
      : [];
    const types = new Map(fields.map((f) => [f.id, f.field_type]));
    const missing = fieldIds.find((id) => !types.has(id));
    if (missing !== undefined) throw notFound(missing);
    const removed: { field_id: number }[] = fieldIds.length
      ? await trx('custom_profile_field_values').where({ user_id: userId }).whereRaw(...anyOf('field_id', fieldIds)).delete().returning('field_id')
      : [];
    if (!removed.length) return;
    const users = await activeUserIds(trx, realmId);
    const notices = removed.map(({ field_id: id }) => {
      // Zulip JSON-encodes a person picker's value, so its removal reads "null".
      const value = types.get(id) === USER ? 'null' : null;
      return userEventNotice(realmId, { type: 'realm_user', op: 'update', person: { user_id: userId, custom_profile_field: { id, value } } }, users);
    });
    await writeNotices(trx, notices);
  });
  return {};
}
