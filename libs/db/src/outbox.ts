/**
 * The transactional outbox. A domain write inserts its events here in the same transaction, so an
 * event exists exactly when its change committed; the relay (OutboxRelay in @chat/dispatch) publishes them.
 * One table for every service keeps cross-service order (a subscribe, then the next message).
 */
import { REALM_WIDE_EVENT_TYPES, type Notice } from '@chat/events';
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
  // The insert and the relay's wake-up in one statement (a data-modifying WITH always runs):
  // one round trip fewer for every write. The notification is delivered at commit either way.
  await trx.raw('WITH written AS (?) SELECT pg_notify(?, ?)', [trx('outbox').insert(rows), OUTBOX_CHANNEL, '']);
  await bumpRealmStateVersions(trx, notices);
}

/**
 * Bumps the realm's state version (for realm-wide events: REALM_WIDE_EVENT_TYPES, marked in
 * @chat/events's event map) in the writing transaction, so the version a /register
 * snapshot reads names exactly the realm-wide state that snapshot sees (migration 0500).
 * Realms in id order: two transactions bumping the same realms never wait on each other in a cycle.
 */
async function bumpRealmStateVersions(trx: Executor, notices: Notice[]): Promise<void> {
  const realmIds = [...new Set(notices.filter(isRealmWide).map((n) => n.realmId))].sort((a, b) => a - b);
  for (const realmId of realmIds) {
    await trx.raw(
      `INSERT INTO realm_state_versions (realm_id, version) VALUES (?, 1)
       ON CONFLICT (realm_id) DO UPDATE SET version = realm_state_versions.version + 1`,
      [realmId],
    );
  }
}

function isRealmWide(notice: Notice): boolean {
  return notice.kind === 'event' && REALM_WIDE_EVENT_TYPES.has(notice.event.type);
}
