/** Muted users (written by the settings service; /register and the message service read them). */
import { anyOf } from '../any-of';
import type { Executor } from '../connect';
import { toSeconds } from '../time';

export interface MutedUser {
  id: number;
  /** When the user was muted, in seconds since the epoch. */
  timestamp: number;
}

/** The users this user muted, in the order muted (Zulip's get_user_mutes). */
export async function mutedUsersOf(db: Executor, userId: number): Promise<MutedUser[]> {
  const rows: { muted_user_id: number; date_muted: Date }[] = await db('muted_users')
    .where({ user_id: userId })
    .orderBy([{ column: 'date_muted' }, { column: 'muted_user_id' }])
    .select('muted_user_id', 'date_muted');
  return rows.map((r) => ({ id: r.muted_user_id, timestamp: toSeconds(r.date_muted) }));
}

/** Of the given users, those who muted `senderId`: a message from a muted user arrives read. */
export async function usersWhoMuted(db: Executor, senderId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows: { user_id: number }[] = await db('muted_users')
    .where({ muted_user_id: senderId })
    .whereRaw(...anyOf('user_id', userIds))
    .select('user_id');
  return new Set(rows.map((r) => r.user_id));
}
