/**
 * Sending the notifications the send transaction recorded (./record.ts), at the moment Zulip
 * sends them: to a recipient with no event queue that accepts messages at once (Zulip's
 * receiver_is_off_zulip, asked of the event tier, which owns the queues of every replica); to a
 * present one when their last such queue is collected (the event tier's follow-up, Zulip's
 * missedmessage_hook), for what is still unread then. A present user who wants online pushes
 * (enable_online_push_notifications) gets the mobile push at once, and only that.
 *
 * Each path claims rows by deleting (or clearing) them in the transaction that hands them to the
 * channels, so the two paths racing for one user send each notification once.
 */
import { eventQueueEndpoints } from '@chat/contracts';
import { anyOf, type Database, type Executor } from '@chat/db';
import type { InternalClient } from '@chat/http';
import { FLAG_BITS } from '../lib/flags';
import { emptyByChannel, sendToChannels, type Channel, type ChannelNotice } from './channels';
import type { NotifyMessagePayload } from './kinds';

/** Of these users, those with an event queue that accepts messages (the event tier's answer). */
export type PresenceCheck = (realmId: number, userIds: number[]) => Promise<Set<number>>;

export interface NotifyDeps {
  db: Database;
  presence: PresenceCheck;
}

interface PendingRow {
  user_id: number;
  message_id: number;
  email_trigger: string | null;
  mobile_push_trigger: string | null;
  web_push_trigger: string | null;
  mentioned_user_group_id: number | null;
}

/** The presence check waits no longer than this; past it the job tries again. */
const PRESENCE_TIMEOUT_MS = 10_000;

/** The presence check in every topology: the event tier's internal endpoint. */
export function presenceFromEventTier(internal: InternalClient): PresenceCheck {
  return async (realmId, userIds) => {
    const answer = await internal.call(
      eventQueueEndpoints.usersWithMessageQueues,
      { user_ids: userIds },
      { realmId, timeoutMs: PRESENCE_TIMEOUT_MS },
    );
    return new Set(answer.user_ids);
  };
}

async function stillUnread(trx: Executor, rows: PendingRow[]): Promise<PendingRow[]> {
  if (rows.length === 0) return [];
  const unread: { user_id: number; message_id: number }[] = await trx('user_messages')
    .whereRaw(...anyOf('message_id', [...new Set(rows.map((r) => r.message_id))]))
    .whereRaw(...anyOf('user_id', [...new Set(rows.map((r) => r.user_id))]))
    .whereRaw('(flags & ?) = 0', [FLAG_BITS.read!])
    .select('user_id', 'message_id');
  const keys = new Set(unread.map((r) => `${r.user_id}:${r.message_id}`));
  return rows.filter((r) => keys.has(`${r.user_id}:${r.message_id}`));
}

async function send(trx: Executor, realmId: number, rows: PendingRow[], emailDelayMs: number): Promise<void> {
  const byChannel = emptyByChannel();
  const triggerColumns: [Channel, keyof PendingRow][] = [
    ['email', 'email_trigger'],
    ['mobile_push', 'mobile_push_trigger'],
    ['web_push', 'web_push_trigger'],
  ];
  for (const row of await stillUnread(trx, rows)) {
    for (const [channel, column] of triggerColumns) {
      const trigger = row[column];
      if (typeof trigger !== 'string') continue;
      const notice: ChannelNotice = { realmId, userId: row.user_id, messageId: row.message_id, trigger };
      if (channel === 'mobile_push' && row.mentioned_user_group_id !== null) notice.mentionedUserGroupId = row.mentioned_user_group_id;
      byChannel[channel].push(notice);
    }
  }
  await sendToChannels(trx, byChannel, { emailDelayMs });
}

const COLUMNS = ['user_id', 'message_id', 'email_trigger', 'mobile_push_trigger', 'web_push_trigger', 'mentioned_user_group_id'];

/** The job a sent message asks for: notify those away now, and present users their online pushes. */
export async function notifyMessage(deps: NotifyDeps, payload: NotifyMessagePayload): Promise<void> {
  const db = deps.db.knex;
  const rows: { user_id: number; online_push: boolean; mobile_push_trigger: string | null }[] = await db('pending_notifications')
    .where({ message_id: payload.messageId })
    .select('user_id', 'online_push', 'mobile_push_trigger');
  if (rows.length === 0) return;
  const present = await deps.presence(
    payload.realmId,
    rows.map((r) => r.user_id),
  );
  const away = rows.filter((r) => !present.has(r.user_id)).map((r) => r.user_id);
  const onlinePush = rows.filter((r) => present.has(r.user_id) && r.online_push && r.mobile_push_trigger !== null).map((r) => r.user_id);
  await db.transaction(async (trx) => {
    const claimed: PendingRow[] =
      away.length === 0
        ? []
        : await trx('pending_notifications')
            .where({ message_id: payload.messageId })
            .whereRaw(...anyOf('user_id', away))
            .delete()
            .returning(COLUMNS);
    const pushes: PendingRow[] =
      onlinePush.length === 0
        ? []
        : await trx('pending_notifications')
            .where({ message_id: payload.messageId })
            .whereRaw(...anyOf('user_id', onlinePush))
            .whereNotNull('mobile_push_trigger')
            .forUpdate()
            .select(COLUMNS);
    if (pushes.length > 0) {
      // Pushed now, so not again when the queue goes (Zulip's already_notified); a row with
      // nothing left to send goes.
      const ids = pushes.map((r) => r.user_id);
      await trx('pending_notifications')
        .where({ message_id: payload.messageId })
        .whereRaw(...anyOf('user_id', ids))
        .update({ mobile_push_trigger: null });
      await trx('pending_notifications')
        .where({ message_id: payload.messageId, email_trigger: null, web_push_trigger: null })
        .whereRaw(...anyOf('user_id', ids))
        .delete();
    }
    const onlyPush = pushes.map((r) => ({ ...r, email_trigger: null, web_push_trigger: null }));
    await send(trx, payload.realmId, [...claimed, ...onlyPush], payload.emailDelayMs);
  });
}

/** The follow-up after a user's last queue that accepted messages was collected: what they missed. */
export async function notifyAfterQueueGone(
  deps: { db: Database; emailDelayMs: number },
  payload: { realmId: number; userId: number },
): Promise<void> {
  await deps.db.knex.transaction(async (trx) => {
    const claimed: PendingRow[] = await trx('pending_notifications').where({ user_id: payload.userId }).delete().returning(COLUMNS);
    await send(trx, payload.realmId, claimed, deps.emailDelayMs);
  });
}
