/**
 * Reads of realm_filters (the realm's linkifiers), which this service owns: GET /realm/filters,
 * the renderer's linkifiers and a topic's subject_links.
 */
import type { Executor } from '@chat/db';
import type { Linkifier } from '@chat/markdown';

export interface RealmFilterRow {
  id: number;
  realm_id: number;
  pattern: string;
  url_format_string: string;
}

/** Zulip's realm_filters_for_realm: [pattern, url_format_string, id] triples in id order. */
export async function realmFilterTriples(db: Executor, realmId: number): Promise<[string, string, number][]> {
  const rows: RealmFilterRow[] = await db('realm_filters').where({ realm_id: realmId }).orderBy('id');
  return rows.map((row) => [row.pattern, row.url_format_string, row.id]);
}

/** The realm's linkifiers as the renderer takes them (content and subject_links). */
export async function loadRealmLinkifiers(db: Executor, realmId: number): Promise<Linkifier[]> {
  const rows: RealmFilterRow[] = await db('realm_filters').where({ realm_id: realmId }).orderBy('id');
  return rows.map((row) => ({ id: row.id, pattern: row.pattern, urlFormatString: row.url_format_string }));
}

export async function findRealmFilterByPattern(db: Executor, realmId: number, pattern: string): Promise<RealmFilterRow | undefined> {
  return db('realm_filters').where({ realm_id: realmId, pattern }).first();
}

/**
 * The realm's string id (a message's sender_realm_str) and its linkifiers in one statement, as
 * a send needs both: one round trip fewer per message than reading them apart.
 */
export async function realmStringAndLinkifiers(db: Executor, realmId: number): Promise<{ stringId: string; linkifiers: Linkifier[] }> {
  const rows: { string_id: string; id: number | null; pattern: string | null; url_format_string: string | null }[] = await db('realms as r')
    .leftJoin('realm_filters as f', 'f.realm_id', 'r.id')
    .where('r.id', realmId)
    .orderBy('f.id')
    .select('r.string_id', 'f.id', 'f.pattern', 'f.url_format_string');
  const linkifiers = rows.flatMap((row) =>
    row.id === null ? [] : [{ id: row.id, pattern: row.pattern ?? '', urlFormatString: row.url_format_string ?? '' }],
  );
  return { stringId: rows[0]?.string_id ?? '', linkifiers };
}
