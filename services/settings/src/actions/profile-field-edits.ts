/**
 * Editing the realm's custom profile fields and a user's removal of their own values (Zulip
 * 2.1's update_realm_custom_profile_field, reorder_realm_custom_profile_fields and
 * remove_user_custom_profile_data). Each change of a field sends the realm's whole field list
 * again, as creating and deleting do.
 */
import { check, checkInt, checkList } from '@chat/contracts';
import { anyOf, writeNotices, type Executor } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { checkFieldData, checkLabelAndHint, CHOICE, EXTERNAL_ACCOUNT, isDefaultExternalAccount, USER } from '../lib/profile-fields';
import { requireAdmin } from '../lib/permissions';
import { isUniqueViolation } from '../lib/unique-violation';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { fieldTypes, isLabelTaken, lockFieldById, lockRealmFieldIds } from '../queries/profile-fields';
import { notifyProfileFields } from './profile-fields';

const notFound = (id: number) => badRequest(`Field id ${id} not found.`);

export interface ProfileFieldEdit {
  fieldId: number;
  name: string;
  hint: string;
  fieldData: unknown;
}

/** update_realm_custom_profile_field's checks, with the field locked: the columns that change. */
async function checkProfileFieldEdit(
  trx: Executor,
  realmId: number,
  actorId: number,
  input: ProfileFieldEdit,
): Promise<Record<string, unknown>> {
  requireAdmin(await loadActor(trx, realmId, actorId));
  const field = await lockFieldById(trx, realmId, input.fieldId);
  if (!field) throw notFound(input.fieldId);
  if (isDefaultExternalAccount(field.field_type, field.field_data)) throw badRequest('Default custom field cannot be updated.');
  const data = checkFieldData(field.field_type, input.fieldData);
  const name = checkLabelAndHint(input.name, input.hint);
  if (await isLabelTaken(trx, realmId, name, input.fieldId)) throw badRequest('A field with that label already exists.');
  const change: Record<string, unknown> = { name, hint: input.hint };
  // Only fields with choices or a subtype keep field_data; Zulip ignores it for the rest.
  if (field.field_type === CHOICE || field.field_type === EXTERNAL_ACCOUNT) change.field_data = JSON.stringify(data);
  return change;
}

/** PATCH /realm/profile_fields/{field_id}. */
export async function doUpdateProfileField(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  input: ProfileFieldEdit,
): Promise<Record<string, unknown>> {
  try {
    await ctx.db.knex.transaction(async (trx) => {
      const change = await checkProfileFieldEdit(trx, realmId, actorId, input);
      await trx('custom_profile_fields').where({ id: input.fieldId }).update(change);
      await notifyProfileFields(trx, realmId);
    });
  } catch (err) {
    // Another field took the label between the check and the update.
    if (isUniqueViolation(err)) throw badRequest('A field with that label already exists.');
    throw err;
  }
  return {};
}

/** PATCH /realm/profile_fields: `order` lists every field of the realm (ids not of the realm are ignored); position is order. */
export async function doReorderProfileFields(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  rawOrder: unknown,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    // The administrator first, then the list, as Zulip's decorators run.
    requireAdmin(await loadActor(trx, realmId, actorId));
    const order = check<number[]>(checkList(checkInt), 'order', rawOrder);
    const position = new Map(order.map((id, i) => [id, i]));
    const fieldIds = await lockRealmFieldIds(trx, realmId);
    if (fieldIds.some((id) => !position.has(id))) throw badRequest('Invalid order mapping.');
    await trx.raw(
      'UPDATE custom_profile_fields AS f SET "order" = v.position FROM unnest(?::int[], ?::int[]) AS v(id, position) WHERE f.id = v.id',
      [fieldIds, fieldIds.map((id) => position.get(id)!)],
    );
    await notifyProfileFields(trx, realmId);
  });
  return {};
}

/** DELETE /users/me/profile_data's checks: a human, and `data` a list of the realm's field ids. */
async function checkRemoveProfileData(
  trx: Executor,
  realmId: number,
  userId: number,
  rawData: unknown,
): Promise<{ fieldIds: number[]; types: Map<number, number> }> {
  const user = await loadActor(trx, realmId, userId);
  // Zulip's human_users_only, before the list is read.
  if (user.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  const fieldIds = check<number[]>(checkList(checkInt), 'data', rawData);
  const types = await fieldTypes(trx, realmId, fieldIds);
  const missing = fieldIds.find((id) => !types.has(id));
  if (missing !== undefined) throw notFound(missing);
  return { fieldIds, types };
}

/** DELETE /users/me/profile_data: `data` lists field ids; a field without a value is skipped. */
export async function doRemoveProfileData(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  rawData: unknown,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    const { fieldIds, types } = await checkRemoveProfileData(trx, realmId, userId, rawData);
    const removed: { field_id: number }[] = fieldIds.length
      ? await trx('custom_profile_field_values')
          .where({ user_id: userId })
          .whereRaw(...anyOf('field_id', fieldIds))
          .delete()
          .returning('field_id')
      : [];
    if (!removed.length) return;
    const users = await activeUserIds(trx, realmId);
    const notices = removed.map(({ field_id: id }) => {
      // Zulip JSON-encodes a person picker's value, so its removal reads "null".
      const value = types.get(id) === USER ? 'null' : null;
      return userEventNotice(
        realmId,
        { type: 'realm_user', op: 'update', person: { user_id: userId, custom_profile_field: { id, value } } },
        users,
      );
    });
    await writeNotices(trx, notices);
  });
  return {};
}
