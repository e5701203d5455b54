/** GET /messages/{id}/history: the message's snapshots, where the realm shows edit history. */
import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import { plainError } from '@chat/errors';
import { historySnapshots } from '../lib/edit-history';
import { accessMessage } from './access';
import { messagePolicy } from './realm-policy';

export async function getMessageHistory(db: Knex, user: UserRow, messageId: number): Promise<Record<string, unknown>[]> {
  const policy = await messagePolicy(db, user.realm_id);
  if (!policy.allowEditHistory) throw plainError('Message edit history is disabled in this organization');
  const { message } = await accessMessage(db, user, messageId);
  return historySnapshots(message);
}
