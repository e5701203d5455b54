/**
 * Zulip's maybe_delete_previous_resolve_topic_notification: resolving and then unresolving (or the
 * reverse) within a minute deletes the first notice instead of posting a second, so an accidental
 * click leaves no trace. The notice is recognised as Zulip recognises its resolve-notice type: the
 * topic's last message, from Notification Bot, saying the topic was marked (un)resolved.
 */
import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import { ageSeconds } from '../lib/move-permissions';
import type { MessageRow } from '../queries/messages';
import { doDeleteMessage } from './delete-message';
import type { Thread } from './move-outcome';

/** Zulip's RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS. */
const RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS = 60;
const RESOLVE_NOTICE = /^@_\*\*[^*]*\|\d+\*\* has marked this topic as (un)?resolved\.$/u;

/** Deletes the topic's resolve notice if it is its last message and recent; whether it did. */
export async function undoRecentResolveNotice(db: Knex, user: UserRow, botId: number, thread: Thread): Promise<boolean> {
  const last: MessageRow | undefined = await db<MessageRow>('messages')
    .where({ recipient_id: thread.stream.recipient_id })
    .whereRaw('lower(subject) = lower(?)', [thread.topic])
    .orderBy('id', 'desc')
    .first();
  if (!last || last.sender_id !== botId || !RESOLVE_NOTICE.test(last.content)) return false;
  if (ageSeconds(last.date_sent) > RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS) return false;
  await doDeleteMessage(db, user, last);
  return true;
}
