/** GET /messages/{id}/history: the message's snapshots, where the realm shows edit history. */
import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import { plainError } from '@chat/errors';
import { topicForClient } from '@chat/events';
import { historySnapshots } from '../lib/edit-history';
import { accessMessage } from './access';
import { messagePolicy } from './realm-policy';

export async function getMessageHistory(
  db: Knex,
  user: UserRow,
  request: { messageId: number; allowEmptyTopicName: boolean },
): Promise<Record<string, unknown>[]> {
  const policy = await messagePolicy(db, user.realm_id);
  if (!policy.allowEditHistory) throw plainError('Message edit history is disabled in this organization');
  const { message } = await accessMessage(db, user, request.messageId);
  const snapshots = historySnapshots(message);
  // A private message's topic is always "" and stays so; a stream message's empty topic may be renamed.
  if (message.stream_id === null || request.allowEmptyTopicName) return snapshots;
  return snapshots.map((snapshot) => withTopicsForClient(snapshot));
}

function withTopicsForClient(snapshot: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...snapshot };
  for (const key of ['topic', 'prev_topic']) {
    if (typeof shown[key] === 'string') shown[key] = topicForClient(shown[key], false);
  }
  return shown;
}
