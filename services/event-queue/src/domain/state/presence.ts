/**
 * presence's and user_status's initial state (Zulip 2.1's fetch_initial_state_data: `presences`
 * from get_status_dict, `user_status` from get_user_info_dict), read in the register snapshot.
 */
import { realmPresences, realmUserStatuses, type Executor } from '@chat/db';

export async function presenceState(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  return { presences: await realmPresences(db, realmId) };
}

export async function userStatusState(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  return { user_status: await realmUserStatuses(db, realmId) };
}
