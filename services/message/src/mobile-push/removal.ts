/**
 * When messages become read, the mobile notifications shown for them are taken off the user's
 * devices (Zulip's do_clear_mobile_push_notifications_for_ids): in the transaction that marks them
 * read, their active_mobile_push_notification flag is cleared and one removal job is asked for,
 * so a removal exists exactly when the read committed. Sending a removal twice is harmless.
 */
import { anyOf, type Executor, type UserRow } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import { FLAG_BITS } from '../lib/flags';
import { PUSH_REMOVAL_JOB } from './kinds';

/** `messageIds`: the messages just marked read; absent: any of the user's. */
export async function requestPushRemovals(trx: Executor, user: Pick<UserRow, 'id' | 'realm_id'>, messageIds?: number[]): Promise<void> {
  if (messageIds !== undefined && messageIds.length === 0) return;
  const active = FLAG_BITS.active_mobile_push_notification!;
  // The flag's bit written out, not bound, so the planner uses the partial index on it
  // (user_messages_active_push: active_mobile_push_notification is 4096, read 1).
  let query = trx('user_messages').where({ user_id: user.id }).whereRaw('(flags & 4096) <> 0 AND (flags & 1) <> 0');
  if (messageIds !== undefined) query = query.whereRaw(...anyOf('message_id', messageIds));
  const cleared: { message_id: number }[] = await query
    .update({ flags: trx.raw('flags & ~(?::integer)', [active]) })
    .returning('message_id');
  if (cleared.length === 0) return;
  await requestJob(trx, PUSH_REMOVAL_JOB, { realmId: user.realm_id, userId: user.id, messageIds: cleared.map((r) => r.message_id) });
}
