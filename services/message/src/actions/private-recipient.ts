/** A private conversation's recipient, the huddle (and its recipients row) created on first use. */
import type { Knex } from 'knex';
import { createRecipient, RECIPIENT_HUDDLE } from '@chat/db';
import { huddleHash, type PrivateAddress } from '../lib/private-address';
import { findPrivateRecipientId } from '../queries/recipients';

/**
 * The recipient id, creating the huddle (and its recipients row) inside `trx` on first use. The
 * unique hash makes a concurrent creator wait for ours and then reuse it.
 */
export async function ensurePrivateRecipientId(trx: Knex.Transaction, realmId: number, address: PrivateAddress): Promise<number> {
  const existing = await findPrivateRecipientId(trx, address);
  if (existing !== null) return existing;
  if (address.kind === 'personal') throw new Error('unreachable');
  const hash = huddleHash(address.memberIds);
  const inserted: { id: number }[] = await trx('huddles')
    .insert({ realm_id: realmId, huddle_hash: hash, user_ids: address.memberIds })
    .onConflict('huddle_hash')
    .ignore()
    .returning('id');
  if (inserted[0]) {
    const recipientId = await createRecipient(trx, RECIPIENT_HUDDLE, inserted[0].id);
    await trx('huddles').where({ id: inserted[0].id }).update({ recipient_id: recipientId });
    return recipientId;
  }
  const again = await findPrivateRecipientId(trx, address);
  if (again === null) throw new Error('huddle vanished');
  return again;
}
