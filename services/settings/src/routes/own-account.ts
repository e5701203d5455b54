import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { changeEnterSends, deleteOwnAvatar } from '../domain/own-account';

export function ownAccountEndpoints(ctx: SettingsContext) {
  return [
    implement(api.changeEnterSends, ({ identity, params }) => changeEnterSends(ctx, identity.realmId, identity.userId, params.enter_sends)),
    implement(api.deleteOwnAvatar, ({ identity }) => deleteOwnAvatar(ctx, identity.realmId, identity.userId)),
  ];
}
