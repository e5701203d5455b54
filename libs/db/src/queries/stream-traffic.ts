import type { Executor } from '../connect';
import { anyOf } from '../any-of';

/**
 * Messages sent to each stream since `since` (Zulip reads this from its analytics tables; we count
 * the message service's rows), for the weekly traffic shown with subscriptions.
 */
export async function streamsMessageCounts(db: Executor, streamIds: number[], since: Date): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (streamIds.length === 0) return counts;
  const rows: { stream_id: number; n: number | string }[] = await db('messages')
    .whereRaw(...anyOf('stream_id', streamIds))
    .where('date_sent', '>=', since)
    .groupBy('stream_id')
    .select('stream_id')
    .count({ n: '*' });
  for (const row of rows) counts.set(row.stream_id, Number(row.n));
  return counts;
}
