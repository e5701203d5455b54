/**
 * The viewer's capabilities, read once from a narrow /register (the realm's policies and the
 * viewer's own role and join date): the queue it makes is deleted at once.
 */
import { loadRealmState } from '../admin/realm-state';
import { capabilitiesOf, type Capabilities } from './permissions';

export async function loadCapabilities(): Promise<Capabilities> {
  const state = await loadRealmState(['realm', 'realm_user']);
  const self = state.realm_users?.find((u) => u.user_id === state.user_id);
  return capabilitiesOf({ ...state, dateJoined: self?.date_joined });
}
