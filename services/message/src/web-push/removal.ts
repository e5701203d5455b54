/**
 * When messages become read, the Web Push notifications shown for them are closed in the user's
 * browsers: in the transaction that marks them read, their `web_push_shown` rows are deleted and
 * one removal job is asked for, so a removal exists exactly when the read committed. A user who
 * was never pushed a message costs one indexed delete that finds nothing.
 */
import { anyOf, type Executor, type UserRow } from '@chat/db';
import { requestWebPushRemoval } from './jobs';

/** `messageIds`: the messages just marked read; absent: any of the user's. */
export async function requestWebPushRemovals(trx: Executor, user: Pick<UserRow, 'id' | 'realm_id'>, messageIds?: number[]): Promise<void> {
  if (messageIds !== undefined && messageIds.length === 0) return;
  let query = trx('web_push_shown').where({ user_id: user.id });
  if (messageIds !== undefined) query = query.whereRaw(...anyOf('message_id', messageIds));
  const closed: { message_id: number }[] = await query.delete().returning('message_id');
  if (closed.length === 0) return;
  await requestWebPushRemoval(trx, { realmId: user.realm_id, userId: user.id, messageIds: closed.map((r) => r.message_id) });
}
