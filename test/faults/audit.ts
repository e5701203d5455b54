/**
 * The fault suite's checks, computed from the database (what was stored, and for each queue what
 * it should have been sent) and from what the load generator and the pollers saw.
 */
import type { SendOutcome } from './load';
import type { QueueLog } from './pollers';

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface SendAudit {
  ok: number;
  errors: number;
  retried: number;
  /** Sends with a success answer whose message is not stored, or stored under another id. */
  lost: number;
  /** Contents stored more than once. */
  duplicates: number;
  /** Sends with a definite error that are stored anyway. */
  storedErrors: number;
  /** Sends meant to fail that succeeded, or meant to succeed that failed. */
  wrongAnswers: number;
  /** Sends that never got a definite answer. */
  unanswered: number;
}

export async function auditSends(query: Query, runId: string, outcomes: SendOutcome[]): Promise<SendAudit> {
  const rows = await query<{ id: number; content: string }>('SELECT id, content FROM messages WHERE content LIKE $1', [`fault ${runId} %`]);
  const stored = new Map<string, number[]>();
  for (const row of rows) stored.set(row.content, [...(stored.get(row.content) ?? []), Number(row.id)]);
  const audit: SendAudit = { ok: 0, errors: 0, retried: 0, lost: 0, duplicates: 0, storedErrors: 0, wrongAnswers: 0, unanswered: 0 };
  for (const ids of stored.values()) if (ids.length > 1) audit.duplicates++;
  for (const outcome of outcomes) {
    if (outcome.attempts > 1) audit.retried++;
    const ids = stored.get(outcome.content) ?? [];
    if (outcome.status === 200) {
      audit.ok++;
      if (!ids.includes(outcome.messageId ?? -1)) audit.lost++;
      if (outcome.meantToFail) audit.wrongAnswers++;
    } else if (outcome.status >= 400 && outcome.status < 500) {
      audit.errors++;
      if (ids.length > 0) audit.storedErrors++;
      if (!outcome.meantToFail) audit.wrongAnswers++;
    } else {
      audit.unanswered++;
    }
  }
  return audit;
}

export interface QueueAudit {
  live: number;
  events: number;
  /** Messages a live queue should have had (its user's, after its registration) and did not get. */
  gaps: number;
  /** Messages a queue delivered more than once. */
  duplicates: number;
  /** Deliveries out of publish order (the outbox's bus positions). */
  outOfOrder: number;
  /** Queues ended by BAD_EVENT_QUEUE_ID (Redis lost them), each followed by a new registration. */
  reRegistered: number;
}

/** What each queue should receive: its user's messages after max_message_id at registration. */
export async function expectedFor(query: Query, log: QueueLog): Promise<number[]> {
  const rows = await query<{ message_id: number }>(
    `SELECT um.message_id FROM user_messages um JOIN users u ON u.id = um.user_id
     WHERE u.email = $1 AND um.message_id > $2 ORDER BY um.message_id`,
    [log.email, log.maxMessageId],
  );
  return rows.map((r) => Number(r.message_id));
}

export async function auditQueues(query: Query, queues: QueueLog[], live: QueueLog[]): Promise<QueueAudit> {
  const positions = new Map<number, number>();
  const rows = await query<{ id: number; pos: number }>(
    `SELECT (payload->'message'->>'id')::bigint AS id, bus_pos AS pos FROM outbox WHERE payload->>'kind' = 'message'`,
  );
  for (const row of rows) positions.set(Number(row.id), Number(row.pos));
  const audit: QueueAudit = { live: live.length, events: 0, gaps: 0, duplicates: 0, outOfOrder: 0, reRegistered: 0 };
  for (const log of queues) {
    audit.events += log.received.length;
    if (log.lost) audit.reRegistered++;
    const seen = new Set<number>();
    let previous = -Infinity;
    for (const id of log.received) {
      if (seen.has(id)) audit.duplicates++;
      seen.add(id);
      const position = positions.get(id) ?? Infinity;
      if (position <= previous) audit.outOfOrder++;
      previous = position;
    }
  }
  for (const log of live) {
    const got = new Set(log.received);
    for (const id of await expectedFor(query, log)) if (!got.has(id)) audit.gaps++;
  }
  return audit;
}
