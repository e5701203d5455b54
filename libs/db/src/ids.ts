/**
 * Lookups that no client value can break. Row ids are PostgreSQL `integer`s, and a bound
 * parameter compared with an integer column is typed `integer`: a larger number (a client may
 * send any) makes the query fail instead of finding nothing. Lookups check first and answer
 * "no such row", as Zulip does.
 */
export const MAX_ROW_ID = 2147483647;

export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}

/** PostgreSQL text cannot hold NUL: a name or e-mail containing one matches no row (and cannot be bound). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}
