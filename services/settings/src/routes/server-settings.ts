import { defineEndpoint } from '@chat/http';
import type { SettingsDeps } from '../app';
import { getServerSettings } from '../domain/server-settings';

export function serverSettingsEndpoints(deps: SettingsDeps) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/server_settings',
      auth: 'public',
      params: {},
      handler: ({ identity }) => getServerSettings(deps, identity.realmId),
    }),
  ];
}
