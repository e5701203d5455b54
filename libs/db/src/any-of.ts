/**
 * Lists in SQL as one array parameter. knex's whereIn binds one parameter per element, and
 * PostgreSQL's protocol takes at most 65,535 per statement: a request naming more ids (or a large
 * organization's subscriber list) would fail the query. `column = ANY(?)` sends the whole list as
 * one array, whatever its length, and PostgreSQL types it from the column.
 *
 * Spread into whereRaw and its kin: `.whereRaw(...anyOf('m.id', ids))`.
 */
import type { Knex } from 'knex';

export type SqlList = readonly number[] | readonly string[];
type RawArgs = [string, readonly Knex.RawBinding[]];

export function anyOf(column: string, values: SqlList): RawArgs {
  return ['?? = ANY(?)', [column, values as Knex.Value]];
}

/** The negation of anyOf: true for an empty list, as whereNotIn. */
export function noneOf(column: string, values: SqlList): RawArgs {
  return ['NOT (?? = ANY(?))', [column, values as Knex.Value]];
}
