import type { Executor } from '@chat/db';

/** The transaction's snapshot as PostgreSQL writes it (`xmin:xmax:xip,...`); run first, it fixes the snapshot. */
export async function currentSnapshot(trx: Executor): Promise<string> {
  const { rows } = (await trx.raw('SELECT pg_current_snapshot()::text AS snapshot')) as { rows: { snapshot: string }[] };
  return rows[0]!.snapshot;
}
