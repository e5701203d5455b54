/**
 * The initial state /register returns for each wanted event type (Zulip's
 * fetch_initial_state_data). null means every type.
 */
import type { Knex } from 'knex';
import { getUserById, maxMessageIdForUser } from '@chat/db';
import { ZULIP_VERSION } from '@chat/config';

export async function fetchInitialState(
  db: Knex,
  userId: number,
  realmId: number,
  wanted: string[] | null,
): Promise<Record<string, unknown>> {
  const want = (type: string) => wanted === null || wanted.includes(type);
  const state: Record<string, unknown> = {};
  if (want('message')) state.max_message_id = await maxMessageIdForUser(db, userId);
  if (want('pointer')) state.pointer = (await getUserById(db, realmId, userId))?.pointer ?? -1;
  if (want('zulip_version')) state.zulip_version = ZULIP_VERSION;
  return state;
}
