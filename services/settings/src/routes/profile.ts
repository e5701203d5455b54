import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { getOwnProfile } from '../domain/profile';
import { getPointer, updatePointer } from '../domain/pointer';
import { deactivateOwnUser } from '../domain/users';
import { regenerateOwnApiKey } from '../domain/bots';

export function profileEndpoints(ctx: SettingsContext) {
  const updatePointerEndpoint = (contract: typeof api.updatePointer | typeof api.updatePointerPut) =>
    implement(contract, ({ identity, params }) => updatePointer(ctx, identity.realmId, identity.userId, params.pointer));
  return [
    implement(api.getOwnUser, ({ identity }) => getOwnProfile(ctx, identity.realmId, identity.userId)),
    implement(api.deactivateOwnUser, ({ identity }) => deactivateOwnUser(ctx, identity.realmId, identity.userId)),
    implement(api.getPointer, ({ identity }) => getPointer(ctx, identity.realmId, identity.userId)),
    updatePointerEndpoint(api.updatePointer),
    updatePointerEndpoint(api.updatePointerPut),
    implement(api.regenerateOwnApiKey, ({ identity }) => regenerateOwnApiKey(ctx, identity.realmId, identity.userId)),
  ];
}
