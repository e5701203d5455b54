/**
 * Which recipients of a new message may need it e-mailed (Zulip's missed-message triggers, for
 * users who have enable_offline_email_notifications on): a private message, a mention, or a
 * wildcard mention for those with wildcard_mentions_notify. Each gets a row in
 * missed_message_emails, joining the user's open batch or opening one that is mailed
 * MISSED_MESSAGE_EMAIL_DELAY_SECS later by one job; the job sends only what is still unread then.
 */
import { anyOf, type Executor, type UserRow } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import type { SentMessage } from '../lib/sent-message';
import { MISSED_MESSAGE_EMAIL_JOB } from './kinds';

type EmailTrigger = 'private_message' | 'mentioned' | 'wildcard_mentioned';

function setting(user: UserRow, name: string, fallback: boolean): boolean {
  const value = user.settings?.[name];
  return typeof value === 'boolean' ? value : fallback;
}

/** Each unread recipient's trigger, before looking at their settings. */
function candidateTriggers(sent: SentMessage): Map<number, EmailTrigger> {
  const triggers = new Map<number, EmailTrigger>();
  for (const { id, flags } of sent.users) {
    if (id === sent.sender.id || flags.includes('read')) continue;
    if (sent.kind === 'private') triggers.set(id, 'private_message');
    else if (flags.includes('mentioned')) triggers.set(id, 'mentioned');
    else if (flags.includes('wildcard_mentioned')) triggers.set(id, 'wildcard_mentioned');
  }
  return triggers;
}

async function recipientsToMail(trx: Executor, sent: SentMessage, triggers: Map<number, EmailTrigger>): Promise<UserRow[]> {
  if (triggers.size === 0) return [];
  const users =
    sent.kind === 'private'
      ? sent.members.filter((u) => triggers.has(u.id))
      : await trx<UserRow>('users')
          .where({ realm_id: sent.sender.realm_id })
          .whereRaw(...anyOf('id', [...triggers.keys()]));
  return users.filter(
    (u) =>
      u.is_active &&
      !u.is_bot &&
      setting(u, 'enable_offline_email_notifications', true) &&
      (triggers.get(u.id) !== 'wildcard_mentioned' || setting(u, 'wildcard_mentions_notify', true)),
  );
}

export async function recordMissedMessages(trx: Executor, sent: SentMessage, delayMs: number): Promise<void> {
  const triggers = candidateTriggers(sent);
  const users = await recipientsToMail(trx, sent, triggers);
  if (users.length === 0) return;
  const now = new Date();
  const ids = users.map((u) => u.id);
  const open: { user_id: number; due_at: Date }[] = await trx('missed_message_emails')
    .whereRaw(...anyOf('user_id', ids))
    .where('due_at', '>', now)
    .groupBy('user_id')
    .select('user_id', trx.raw('min(due_at) as due_at'));
  const batchDue = new Map(open.map((row) => [row.user_id, new Date(row.due_at)]));
  const newBatch = new Date(now.getTime() + delayMs);
  await trx('missed_message_emails').insert(
    users.map((u) => ({ user_id: u.id, message_id: sent.id, trigger: triggers.get(u.id), due_at: batchDue.get(u.id) ?? newBatch })),
  );
  for (const userId of ids.filter((id) => !batchDue.has(id))) {
    await requestJob(trx, MISSED_MESSAGE_EMAIL_JOB, { realmId: sent.sender.realm_id, userId }, { delayMs });
  }
}
