import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeactivateRealm } from '../actions/realm-deactivation';

export function realmDeactivationEndpoints(ctx: SettingsContext) {
  return [implement(api.deactivateRealm, ({ identity }) => doDeactivateRealm(ctx, identity.realmId, identity.userId))];
}
