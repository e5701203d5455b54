/**
 * Idempotent sends: an Idempotency-Key header on POST /messages makes a retried send return the
 * first send's answer instead of posting a duplicate (the convention of payment APIs and of the
 * IETF Idempotency-Key draft; Zulip 2.1 has no such rule).
 *
 * - The key is stored, with the response, in the send's own transaction: a send that failed or
 *   rolled back leaves no key, so its retry really sends.
 * - A key lives 24 hours; an older one matches nothing and is swept after later keyed sends.
 * - A second request with a key whose first request is still in flight gets 409. In one process
 *   a set of keys in flight catches it before any database work. Across replicas of the message
 *   service, a transaction-scoped advisory lock on (user, key) catches the overlap of the two
 *   transactions; a request that starts after the other committed replays its answer. Either
 *   way no second message is written.
 * - The same key with a different request gets 422 (the draft's answer): the client reused a key.
 */
import type { Knex } from 'knex';
import { keyInUse, keyReused, type KeyedRequest, type SendResponse } from '../lib/idempotency-key';
import { EXPIRED, findLiveKey } from '../queries/idempotency-keys';

/** Expired keys deleted per keyed send: bounded work on the send path, yet faster than keys arrive. */
const SWEEP_BATCH = 1000;

function replay(stored: { request_hash: string; response: unknown }, hash: string): SendResponse {
  if (stored.request_hash !== hash) throw keyReused();
  const response = typeof stored.response === 'string' ? JSON.parse(stored.response) : stored.response;
  return response as SendResponse;
}

/** Thrown inside the send's transaction when another replica committed the key meanwhile. */
class StoredMeanwhile extends Error {}

/** What the send's transaction does with the key: claim it first, record it last. */
export interface KeyGuard {
  claim(trx: Knex.Transaction): Promise<void>;
  record(trx: Knex.Transaction, response: SendResponse): Promise<void>;
}

function guardFor(request: KeyedRequest): KeyGuard {
  return {
    async claim(trx) {
      // Two int4 keys: a space apart from the relay's single bigint lock key.
      const { rows } = (await trx.raw('SELECT pg_try_advisory_xact_lock(?, hashtext(?)) AS locked', [request.userId, request.key])) as {
        rows: { locked: boolean }[];
      };
      if (!rows[0]?.locked) throw keyInUse();
      if (await findLiveKey(trx, request.userId, request.key)) throw new StoredMeanwhile();
    },
    async record(trx, response) {
      // An expired row with the same key is taken over; a live one cannot exist under the lock.
      await trx.raw(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
         VALUES (?, ?, ?, ?, now())
         ON CONFLICT (user_id, key) DO UPDATE
           SET request_hash = excluded.request_hash, response = excluded.response, created_at = excluded.created_at`,
        [request.userId, request.key, request.hash, JSON.stringify(response)],
      );
    },
  };
}

/** Deletes a batch of expired keys; run after keyed sends, so the table holds about a day of them. */
export async function sweepExpiredKeys(db: Knex): Promise<number> {
  return db('idempotency_keys').whereIn('id', db('idempotency_keys').select('id').whereRaw(EXPIRED).limit(SWEEP_BATCH)).delete();
}

/**
 * Runs `send` at most once per live key: a stored answer is replayed, a key in flight is refused.
 * `inFlight` is the process's set of keys being sent.
 */
export async function sendOnce(
  db: Knex,
  inFlight: Set<string>,
  request: KeyedRequest,
  send: (guard: KeyGuard) => Promise<SendResponse>,
): Promise<SendResponse> {
  const slot = `${request.userId}\n${request.key}`;
  // Checked and taken before any await, so two requests in this process cannot both pass.
  if (inFlight.has(slot)) throw keyInUse();
  inFlight.add(slot);
  try {
    const stored = await findLiveKey(db, request.userId, request.key);
    if (stored) return replay(stored, request.hash);
    try {
      return await send(guardFor(request));
    } catch (err) {
      if (!(err instanceof StoredMeanwhile)) throw err;
      const committed = await findLiveKey(db, request.userId, request.key);
      if (!committed) throw keyInUse();
      return replay(committed, request.hash);
    }
  } finally {
    inFlight.delete(slot);
  }
}
