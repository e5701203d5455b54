/** Custom profile fields' types and Zulip's checks of a field's definition (validate_custom_profile_field). */
import { badRequest } from '@chat/errors';

/** CustomProfileField.NAME_MAX_LENGTH and HINT_MAX_LENGTH. */
const NAME_MAX = 40;
const HINT_MAX = 80;

/** CustomProfileField's field types. */
export const SHORT_TEXT = 1;
export const LONG_TEXT = 2;
export const CHOICE = 3;
export const DATE = 4;
export const URL_FIELD = 5;
export const USER = 6;
export const EXTERNAL_ACCOUNT = 7;

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

/** One of the realm's default external-account fields (a known subtype): those cannot be edited. */
export function isDefaultExternalAccount(fieldType: number, storedData: string): boolean {
  if (fieldType !== EXTERNAL_ACCOUNT || !storedData) return false;
  try {
    const data = JSON.parse(storedData) as { subtype?: unknown };
    return data.subtype !== undefined && data.subtype !== 'custom';
  } catch {
    return false;
  }
}
