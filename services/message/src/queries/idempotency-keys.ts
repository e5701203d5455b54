/** Stored Idempotency-Keys: a key lives KEY_LIFETIME_HOURS, after which it matches nothing. */
import type { Knex } from 'knex';
import { KEY_LIFETIME_HOURS } from '../lib/idempotency-key';

const LIVE = `created_at > now() - interval '${KEY_LIFETIME_HOURS} hours'`;
/** The condition of a key past its lifetime (the sweep deletes those). */
export const EXPIRED = `NOT (${LIVE})`;

export async function findLiveKey(db: Knex, userId: number, key: string): Promise<{ request_hash: string; response: unknown } | undefined> {
  return db('idempotency_keys').where({ user_id: userId, key }).whereRaw(LIVE).first('request_hash', 'response');
}
