/**
 * The e-mail channel's batching (Zulip's MissedMessageWorker batch): a notification the decision
 * sends by e-mail joins the user's open batch, or opens one that is mailed
 * MISSED_MESSAGE_EMAIL_DELAY_SECS later by one job; the job sends only what is still unread then.
 */
import { anyOf, type Executor } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import { MISSED_MESSAGE_EMAIL_JOB } from './kinds';

export interface EmailNotice {
  realmId: number;
  userId: number;
  messageId: number;
  trigger: string;
}

export async function batchMissedMessageEmails(trx: Executor, notices: EmailNotice[], delayMs: number): Promise<void> {
  if (notices.length === 0) return;
  const now = new Date();
  const ids = [...new Set(notices.map((n) => n.userId))];
  const open: { user_id: number; due_at: Date }[] = await trx('missed_message_emails')
    .whereRaw(...anyOf('user_id', ids))
    .where('due_at', '>', now)
    .groupBy('user_id')
    .select('user_id', trx.raw('min(due_at) as due_at'));
  const batchDue = new Map(open.map((row) => [row.user_id, new Date(row.due_at)]));
  const newBatch = new Date(now.getTime() + delayMs);
  await trx('missed_message_emails').insert(
    notices.map((n) => ({ user_id: n.userId, message_id: n.messageId, trigger: n.trigger, due_at: batchDue.get(n.userId) ?? newBatch })),
  );
  for (const notice of notices) {
    if (batchDue.has(notice.userId)) continue;
    batchDue.set(notice.userId, newBatch);
    await requestJob(trx, MISSED_MESSAGE_EMAIL_JOB, { realmId: notice.realmId, userId: notice.userId }, { delayMs });
  }
}
