/**
 * POST /messages/flags/narrow (Zulip's update_message_flags_in_narrow, feature level 155): the
 * flag changes on the caller's messages in a range of a narrow, found as GET /messages finds
 * them, and the answer says how far it got so a client can continue from there.
 */
import type { Knex } from 'knex';
import { anyOf, writeNotices, type UserRow } from '@chat/db';
import { checkEditableFlag } from '../lib/flags';
import { findMessageRange, type RangeRequest } from '../queries/get-messages';
import { requestNotificationRemovals } from '../notifications/removals';
import { changedFlags, checkFlagOperation, flagsNotice, readDetailsIfUnread } from './update-flags';

/** Zulip's cap on the messages one call processes on each side of the anchor. */
const MAX_MESSAGES_PER_UPDATE = 5000;

export interface FlagsInNarrowResult {
  processed_count: number;
  updated_count: number;
  first_processed_id: number | null;
  last_processed_id: number | null;
  found_oldest: boolean;
  found_newest: boolean;
}

export async function doUpdateFlagsInNarrow(
  db: Knex,
  range: Omit<RangeRequest, 'useFirstUnreadAnchor'>,
  change: { op: string; flag: string },
): Promise<FlagsInNarrowResult> {
  const { name: flag, bit } = checkEditableFlag(change.flag);
  const op = checkFlagOperation(change.op);
  const found = await findMessageRange(db, {
    ...range,
    useFirstUnreadAnchor: false,
    numBefore: Math.min(range.numBefore, MAX_MESSAGES_PER_UPDATE),
    numAfter: Math.min(range.numAfter, MAX_MESSAGES_PER_UPDATE),
  });
  const ids = found.rows.map((r) => r.id);
  const user: UserRow = range.user;
  let updated: number[] = [];
  if (ids.length > 0) {
    updated = await db.transaction(async (trx) => {
      // Only the caller's own rows whose flag actually changes.
      const rows: { message_id: number }[] = await trx('user_messages')
        .where('user_id', user.id)
        .whereRaw(...anyOf('message_id', ids))
        .whereRaw(op === 'add' ? '(flags & ?::integer) = 0' : '(flags & ?::integer) <> 0', [bit])
        .update({ flags: changedFlags(trx, op, bit) })
        .returning('message_id');
      const changed = rows.map((r) => r.message_id).sort((a, b) => a - b);
      if (flag === 'read' && op === 'add') await requestNotificationRemovals(trx, user, changed);
      if (changed.length > 0) {
        const details = await readDetailsIfUnread(trx, user, op, flag, changed);
        await writeNotices(trx, [flagsNotice(user, op, flag, changed, false, details)]);
      }
      return changed;
    });
  }
  return {
    processed_count: ids.length,
    updated_count: updated.length,
    first_processed_id: ids[0] ?? null,
    last_processed_id: ids[ids.length - 1] ?? null,
    found_oldest: found.foundOldest,
    found_newest: found.foundNewest,
  };
}
