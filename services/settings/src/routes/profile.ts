import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { regenerateOwnApiKey } from '../actions/bots';
import { doUpdatePointer } from '../actions/pointer';
import { doDeactivateOwnUser } from '../actions/user-activation';
import { getPointer } from '../queries/pointer';
import { getOwnProfile } from '../queries/profile';

export function profileEndpoints(ctx: SettingsContext) {
  const updatePointerEndpoint = (contract: typeof api.updatePointer | typeof api.updatePointerPut) =>
    implement(contract, ({ identity, params }) => doUpdatePointer(ctx, identity.realmId, identity.userId, params.pointer));
  return [
    implement(api.getOwnUser, ({ identity }) => getOwnProfile(ctx, identity.realmId, identity.userId)),
    implement(api.deactivateOwnUser, ({ identity }) => doDeactivateOwnUser(ctx, identity.realmId, identity.userId)),
    implement(api.getPointer, ({ identity }) => getPointer(ctx, identity.realmId, identity.userId)),
    updatePointerEndpoint(api.updatePointer),
    updatePointerEndpoint(api.updatePointerPut),
    implement(api.regenerateOwnApiKey, ({ identity }) => regenerateOwnApiKey(ctx, identity.realmId, identity.userId)),
  ];
}
