import { defineEndpoint } from '@chat/http';
import type { SettingsDeps } from '../app';
import { getOwnProfile } from '../domain/profile';

export function profileEndpoints(deps: SettingsDeps) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/users/me',
      auth: 'user',
      params: {},
      handler: ({ identity }) => getOwnProfile(deps, identity.realmId, identity.userId),
    }),
  ];
}
