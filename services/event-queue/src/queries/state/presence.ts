/**
 * presence's and user_status's initial state (Zulip 2.1's fetch_initial_state_data: `presences`
 * from get_status_dict, `user_status` from get_user_info_dict), read in the register snapshot.
 */
import { realmModernPresences, realmPresences, realmUserStatuses, type Executor } from '@chat/db';

/** By e-mail as in 2.1, or by user id in the modern shape for a client that asked for slim_presence. */
export async function presenceState(db: Executor, realmId: number, slim: boolean): Promise<Record<string, unknown>> {
  const presences = slim ? await realmModernPresences(db, realmId) : await realmPresences(db, realmId);
  return { presences, server_timestamp: Date.now() / 1000 };
}

export async function userStatusState(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  return { user_status: await realmUserStatuses(db, realmId) };
}
