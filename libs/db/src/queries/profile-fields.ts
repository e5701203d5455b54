/**
 * Custom profile fields (written by the settings service; /register and the user dicts read them).
 */
import type { Executor } from '../connect';
import { anyOf } from '../any-of';

/** CustomProfileField.FIELD_TYPE_CHOICES of Zulip 2.1: key, id and name. */
export const PROFILE_FIELD_TYPES: { key: string; id: number; name: string }[] = [
  { key: 'SHORT_TEXT', id: 1, name: 'Short text' },
  { key: 'LONG_TEXT', id: 2, name: 'Long text' },
  { key: 'CHOICE', id: 3, name: 'List of options' },
  { key: 'DATE', id: 4, name: 'Date picker' },
  { key: 'URL', id: 5, name: 'Link' },
  { key: 'USER', id: 6, name: 'Person picker' },
  { key: 'EXTERNAL_ACCOUNT', id: 7, name: 'External account' },
];

/** register's custom_profile_field_types (FIELD_TYPE_CHOICES_DICT). */
export function profileFieldTypesDict(): Record<string, { id: number; name: string }> {
  return Object.fromEntries(PROFILE_FIELD_TYPES.map((t) => [t.key, { id: t.id, name: t.name }]));
}

export interface ProfileFieldDict {
  id: number;
  name: string;
  type: number;
  hint: string;
  field_data: string;
  order: number;
}

/** The realm's fields in display order (CustomProfileField.as_dict). */
export async function realmProfileFields(db: Executor, realmId: number): Promise<ProfileFieldDict[]> {
  const rows: { id: number; name: string; field_type: number; hint: string; field_data: string; order: number }[] = await db(
    'custom_profile_fields',
  )
    .where({ realm_id: realmId })
    .orderBy([{ column: 'order' }, { column: 'id' }])
    .select('id', 'name', 'field_type', 'hint', 'field_data', 'order');
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.field_type, hint: r.hint, field_data: r.field_data, order: r.order }));
}

/** A stored value as clients see it: person pickers hold a JSON list of user ids. */
export function profileValue(fieldType: number, stored: string): unknown {
  if (fieldType === 6) {
    try {
      return JSON.parse(stored) as unknown;
    } catch {
      return [];
    }
  }
  return stored;
}

/**
 * profile_data of each user of the realm that has values: {field id: {value, rendered_value?}}
 * (rendered_value for long text fields only, as Zulip).
 */
export async function profileDataByUser(db: Executor, realmId: number, userIds?: number[]): Promise<Map<number, Record<string, unknown>>> {
  const query = db('custom_profile_field_values as v')
    .join('custom_profile_fields as f', 'f.id', 'v.field_id')
    .where('f.realm_id', realmId)
    .orderBy('v.field_id')
    .select('v.user_id', 'v.field_id', 'v.value', 'v.rendered_value', 'f.field_type');
  if (userIds) query.whereRaw(...anyOf('v.user_id', userIds));
  const rows: { user_id: number; field_id: number; value: string; rendered_value: string | null; field_type: number }[] = await query;
  const byUser = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    const data = byUser.get(row.user_id) ?? {};
    const entry: Record<string, unknown> = { value: profileValue(row.field_type, row.value) };
    if (row.field_type === 2) entry.rendered_value = row.rendered_value;
    data[String(row.field_id)] = entry;
    byUser.set(row.user_id, data);
  }
  return byUser;
}
