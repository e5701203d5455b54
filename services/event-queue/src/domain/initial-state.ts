/**
 * The initial state /register returns for each wanted event type (Zulip's
 * fetch_initial_state_data). null means every type.
 */
import type { Knex } from 'knex';
import { getUserById, maxMessageIdForUser } from '@chat/db';
import { ZULIP_VERSION } from '@chat/config';
import { unreadMsgs, type MuteState } from './unread';

export async function fetchInitialState(
  db: Knex | Knex.Transaction,
  userId: number,
  realmId: number,
  wanted: string[] | null,
): Promise<Record<string, unknown>> {
  const want = (type: string) => wanted === null || wanted.includes(type);
  const state: Record<string, unknown> = {};
  if (want('message')) state.max_message_id = await maxMessageIdForUser(db, userId);
  if (want('pointer')) state.pointer = (await getUserById(db, realmId, userId))?.pointer ?? -1;
  if (want('zulip_version')) state.zulip_version = ZULIP_VERSION;
  // Zulip sends unread_msgs only when both message and update_message_flags are wanted.
  if (want('message') && want('update_message_flags')) {
    state.unread_msgs = await unreadMsgs(db, userId, await muteState(db, userId));
  }
  return state;
}

async function muteState(db: Knex | Knex.Transaction, userId: number): Promise<MuteState> {
  const muted: { stream_id: number }[] = await db('subscriptions').where({ user_id: userId, active: true, is_muted: true }).select('stream_id');
  return { mutedStreamIds: new Set(muted.map((m) => m.stream_id)), mutedTopics: new Set(), huddleMembers: () => undefined };
}
