/**
 * The transactional outbox. A domain write inserts its events here in the same transaction, so an
 * event exists exactly when its change committed; the relay (./outbox-relay.ts) publishes them.
 * One table for every service keeps cross-service order (a subscribe, then the next message).
 */
import type { Notice } from '@chat/events';
import { currentRequestId } from '@chat/log';
import type { Executor } from './connect';

export const OUTBOX_CHANNEL = 'chat_outbox';

export interface OutboxRow {
  id: number;
  partition_key: number;
  payload: Notice;
  tx_id: number;
  /** The x-request-id of the request that wrote the row, when there was one (migration 0600). */
  request_id: string | null;
}

/** Adds notices to the outbox inside `trx` and wakes the relay at commit (NOTIFY is transactional). */
export async function writeNotices(trx: Executor, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  // The request id comes from the async context the HTTP layer set, so no domain function has to pass it.
  const requestId = currentRequestId() ?? null;
  const rows = notices.map((notice) => ({ partition_key: notice.realmId, payload: JSON.stringify(notice), request_id: requestId }));
  await trx('outbox').insert(rows);
  await trx.raw('SELECT pg_notify(?, ?)', [OUTBOX_CHANNEL, '']);
}
