import type { Executor } from './connect';

/** Zulip's Recipient.type values. */
export const RECIPIENT_PERSONAL = 1;
export const RECIPIENT_STREAM = 2;
export const RECIPIENT_HUDDLE = 3;

/**
 * Adds the recipient row addressing a new user, stream or group of users. Called by the entity's
 * owner in the transaction that creates it; rows are never updated.
 */
export async function createRecipient(db: Executor, type: number, typeId: number): Promise<number> {
  const [row] = await db('recipients').insert({ type, type_id: typeId }).returning('id');
  return (row as { id: number }).id;
}
