/** The realm's custom profile fields and a user's values, as GET /realm/profile_fields and the edits read them. */
import { anyOf, isRowId, realmProfileFields, type Executor } from '@chat/db';
import type { SettingsContext } from '../deps';

export async function listProfileFields(ctx: SettingsContext, realmId: number): Promise<Record<string, unknown>> {
  return { custom_fields: await realmProfileFields(ctx.db.knex, realmId) };
}

/** A field as a value's check needs it. */
export interface FieldDefinition {
  name: string;
  field_type: number;
  field_data: string;
}

/** One of the realm's fields by id (an id out of range finds none). */
export async function fieldById(db: Executor, realmId: number, fieldId: number): Promise<(FieldDefinition & { id: number }) | undefined> {
  return isRowId(fieldId)
    ? db('custom_profile_fields').where({ id: fieldId, realm_id: realmId }).first('id', 'name', 'field_type', 'field_data')
    : undefined;
}

/** The same, locked for the change about to be made. */
export async function lockFieldById(
  db: Executor,
  realmId: number,
  fieldId: number,
): Promise<Pick<FieldDefinition, 'field_type' | 'field_data'> | undefined> {
  return isRowId(fieldId)
    ? db('custom_profile_fields').where({ id: fieldId, realm_id: realmId }).forUpdate().first('field_type', 'field_data')
    : undefined;
}

/** Whether another of the realm's fields has the label. */
export async function isLabelTaken(db: Executor, realmId: number, name: string, exceptId?: number): Promise<boolean> {
  const query = db('custom_profile_fields').where({ realm_id: realmId, name });
  if (exceptId !== undefined) void query.whereNot({ id: exceptId });
  return (await query.first('id')) !== undefined;
}

/** Every field id of the realm, locked for a reordering. */
export async function lockRealmFieldIds(db: Executor, realmId: number): Promise<number[]> {
  const fields: { id: number }[] = await db('custom_profile_fields').where({ realm_id: realmId }).forUpdate().select('id');
  return fields.map((f) => f.id);
}

/** The field type of each of the given ids that is one of the realm's fields. */
export async function fieldTypes(db: Executor, realmId: number, fieldIds: number[]): Promise<Map<number, number>> {
  const valid = fieldIds.filter(isRowId);
  const fields: { id: number; field_type: number }[] = valid.length
    ? await db('custom_profile_fields')
        .where({ realm_id: realmId })
        .whereRaw(...anyOf('id', valid))
        .select('id', 'field_type')
    : [];
  return new Map(fields.map((f) => [f.id, f.field_type]));
}

/** The user's stored value of the field, if any. */
export async function storedValue(db: Executor, fieldId: number, userId: number): Promise<string | undefined> {
  const existing: { value: string } | undefined = await db('custom_profile_field_values')
    .where({ field_id: fieldId, user_id: userId })
    .first('value');
  return existing?.value;
}

/** Which of the ids are active accounts of the realm (a person picker's choices). */
export async function activeRealmUserIds(db: Executor, realmId: number, userIds: number[]): Promise<Set<number>> {
  const found: { id: number }[] = userIds.length
    ? await db('users')
        .where({ realm_id: realmId, is_active: true })
        .whereRaw(...anyOf('id', userIds))
        .select('id')
    : [];
  return new Set(found.map((u) => u.id));
}
