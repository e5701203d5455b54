/** Reads of the realm's streams by name and of its default streams. */
import { anyOf, type Executor, type StreamLookup, type StreamRow } from '@chat/db';

/** Streams of the realm by lower-cased name (names are unique regardless of case); archived ones on request. */
export async function streamsByNames(
  db: Executor,
  realmId: number,
  names: string[],
  lookup: StreamLookup = {},
): Promise<Map<string, StreamRow>> {
  if (names.length === 0) return new Map();
  const query = db('streams').where({ realm_id: realmId });
  if (!lookup.includeArchived) query.where({ deactivated: false });
  const rows: StreamRow[] = await query.whereRaw('lower(name) = ANY(?)', [names.map((n) => n.toLowerCase())]);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** Whether any stream of the realm, deactivated ones included, has this name (any case). */
export async function streamNameInUse(db: Executor, realmId: number, name: string): Promise<boolean> {
  const row = await db('streams').where({ realm_id: realmId }).whereRaw('lower(name) = lower(?)', [name]).first('id');
  return row !== undefined;
}

/** The realm's active streams among these ids, by name. */
export async function activeStreamsByIds(db: Executor, realmId: number, streamIds: number[]): Promise<StreamRow[]> {
  if (streamIds.length === 0) return [];
  return db<StreamRow>('streams')
    .where({ realm_id: realmId, deactivated: false })
    .whereRaw(...anyOf('id', streamIds))
    .orderBy('name');
}

export async function defaultStreamIds(db: Executor, realmId: number): Promise<Set<number>> {
  const rows: { stream_id: number }[] = await db('default_streams').where({ realm_id: realmId }).select('stream_id');
  return new Set(rows.map((r) => r.stream_id));
}
