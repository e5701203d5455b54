/**
 * What a new message's send transaction records of its notifications: each notified recipient's
 * decision (./decide.ts) as a pending_notifications row, and one job that sends them to those who
 * are away once the message committed (./deliver.ts). Whoever is present keeps the row until
 * their last queue that accepts messages is collected (Zulip's missedmessage_hook).
 */
import type { Executor } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import type { SentMessage } from '../lib/sent-message';
import { groupMentionOf } from '../queries/group-mentions';
import { decideNotifications } from './decide';
import { NOTIFY_MESSAGE_JOB } from './kinds';

export async function recordNotifications(trx: Executor, sent: SentMessage, emailDelayMs: number): Promise<void> {
  const decisions = decideNotifications(sent);
  if (decisions.length === 0) return;
  const groupOf = await groupMentionOf(trx, sent.mentionedGroupIds, sent.personallyMentioned);
  await trx('pending_notifications').insert(
    decisions.map((d) => ({
      user_id: d.userId,
      message_id: sent.id,
      email_trigger: d.triggers.email,
      mobile_push_trigger: d.triggers.mobile_push,
      web_push_trigger: d.triggers.web_push,
      online_push: d.onlinePush,
      mentioned_user_group_id: d.triggers.mobile_push === 'mentioned' ? (groupOf.get(d.userId) ?? null) : null,
    })),
  );
  await requestJob(trx, NOTIFY_MESSAGE_JOB, { realmId: sent.sender.realm_id, messageId: sent.id, emailDelayMs });
}
