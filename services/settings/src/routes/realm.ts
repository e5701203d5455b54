import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doUpdateRealm } from '../actions/realm-admin';

export function realmEndpoints(ctx: SettingsContext) {
  return [implement(api.updateRealm, ({ identity, params }) => doUpdateRealm(ctx, identity.realmId, identity.userId, params))];
}
