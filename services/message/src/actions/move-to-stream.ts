/**
 * What moving messages to another stream does to who has them (Zulip's do_update_message, stream
 * branch): every past or present subscriber of the old stream who is not subscribed to the new one
 * loses their rows; those who can no longer read the messages (everyone of them for a private new
 * stream, guests for a public one) hear it as a deletion. In a new stream whose history is not
 * public to subscribers every subscriber gets a row (as read), since being subscribed when the
 * messages arrive is what lets them read them. Attachments follow: who may read one is computed
 * from its messages' stream (queries/attachments.ts), so nothing is stored for them.
 */
import type { Knex } from 'knex';
import { anyOf, streamSubscriberIds, type StreamRow } from '@chat/db';
import { FLAG_BITS } from '../lib/flags';

export interface AccessChange {
  /** Users who can no longer read the moved messages: they get a delete_message event. */
  losingAccess: number[];
  /** Users whose rows were removed (losingAccess among them). */
  losingRows: number[];
}

/** Users who were ever subscribed to the stream (active or not), as Zulip's all-subscriptions query. */
async function everSubscribedIds(trx: Knex.Transaction, streamId: number): Promise<number[]> {
  const rows: { user_id: number }[] = await trx('subscriptions').where({ stream_id: streamId }).distinct('user_id');
  return rows.map((r) => r.user_id);
}

/** Active subscribers, deactivated users included (Zulip's include_deactivated_users=True). */
async function currentSubscriberIds(trx: Knex.Transaction, streamId: number): Promise<number[]> {
  const rows: { user_id: number }[] = await trx('subscriptions').where({ stream_id: streamId, active: true }).select('user_id');
  return rows.map((r) => r.user_id);
}

async function guestIds(trx: Knex.Transaction, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows: { id: number }[] = await trx('users')
    .whereRaw(...anyOf('id', userIds))
    .where({ role: 'guest' })
    .select('id');
  return new Set(rows.map((r) => r.id));
}

/** Moves the rows of `messageIds` from `from`'s audience to `to`'s; who lost access. */
export async function moveUserMessages(trx: Knex.Transaction, from: StreamRow, to: StreamRow, messageIds: number[]): Promise<AccessChange> {
  const newSubscribers = new Set(await currentSubscriberIds(trx, to.id));
  const losingRows = (await everSubscribedIds(trx, from.id)).filter((id) => !newSubscribers.has(id));
  const guests = await guestIds(trx, losingRows);
  const losingAccess = to.invite_only ? losingRows : losingRows.filter((id) => guests.has(id));
  if (losingRows.length > 0) {
    await trx('user_messages')
      .whereRaw(...anyOf('message_id', messageIds))
      .whereRaw(...anyOf('user_id', losingRows))
      .del();
  }
  if (!to.history_public_to_subscribers && newSubscribers.size > 0) {
    await trx.raw(
      `INSERT INTO user_messages (user_id, message_id, flags)
       SELECT u, m, ? FROM unnest(?::int[]) AS u CROSS JOIN unnest(?::int[]) AS m
       ON CONFLICT DO NOTHING`,
      [FLAG_BITS.read!, [...newSubscribers], messageIds],
    );
  }
  return { losingAccess: losingAccess.sort((a, b) => a - b), losingRows };
}

/**
 * Who hears of the move without a row, as read, when the old stream's history is public to
 * subscribers: the new stream's subscribers (guests only if they were in the old one too) and the
 * old stream's subscribers who are not in the new one, but never those who lost access.
 */
export async function moveAlsoTold(
  trx: Knex.Transaction,
  from: StreamRow,
  to: StreamRow,
  holders: number[],
  change: AccessChange,
): Promise<number[]> {
  if (!from.history_public_to_subscribers) return [];
  const excluded = new Set([...holders, ...change.losingAccess]);
  const oldSubscribers = await streamSubscriberIds(trx, from.id);
  const newSubscribers = await streamSubscriberIds(trx, to.id);
  const oldSet = new Set(oldSubscribers);
  const newSet = new Set(newSubscribers);
  const guests = await guestIds(trx, newSubscribers);
  const fromNew = newSubscribers.filter((id) => !(guests.has(id) && !oldSet.has(id)));
  const fromOld = oldSubscribers.filter((id) => !newSet.has(id));
  return [...new Set([...fromNew, ...fromOld])].filter((id) => !excluded.has(id)).sort((a, b) => a - b);
}
