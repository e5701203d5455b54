import { defineEndpoint } from '@chat/http';
import type { SettingsContext } from '../app';
import { getServerSettings } from '../domain/server-settings';

export function serverSettingsEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/server_settings',
      auth: 'public',
      params: {},
      handler: ({ identity, req }) => getServerSettings(ctx, identity.realmId, req.header('user-agent')),
    }),
  ];
}
