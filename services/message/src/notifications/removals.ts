/**
 * Messages just marked read take their notifications off every device and browser they were
 * shown on: one call for each channel that shows notifications which outlive the read.
 */
import type { Executor, UserRow } from '@chat/db';
import { requestPushRemovals } from '../mobile-push/removal';
import { requestWebPushRemovals } from '../web-push/removal';

/** `messageIds`: the messages just marked read; absent: any of the user's. */
export async function requestNotificationRemovals(
  trx: Executor,
  user: Pick<UserRow, 'id' | 'realm_id'>,
  messageIds?: number[],
): Promise<void> {
  await requestPushRemovals(trx, user, messageIds);
  await requestWebPushRemovals(trx, user, messageIds);
}
