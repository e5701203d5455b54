import type { Executor } from '@chat/db';
import type { Notice } from '@chat/events';

/**
 * The notices written to the outbox after `afterId` (0: all), in order, for tests that check what
 * an action emitted. `lastOutboxId` gives the mark to pass before the action.
 */
export async function outboxNotices(db: Executor, afterId = 0): Promise<Notice[]> {
  const rows: { payload: Notice | string }[] = await db('outbox').where('id', '>', afterId).orderBy('id').select('payload');
  return rows.map((row) => (typeof row.payload === 'string' ? (JSON.parse(row.payload) as Notice) : row.payload));
}

export async function lastOutboxId(db: Executor): Promise<number> {
  const row = await db('outbox').max({ max: 'id' }).first();
  return Number((row as { max: number | null } | undefined)?.max ?? 0);
}
