import { defineEndpoint, p } from '@chat/http';
import type { SettingsDeps } from '../app';
import { devFetchApiKey } from '../domain/dev-fetch-api-key';

/** Development-server endpoints; buildApp leaves them out in production. */
export function devEndpoints(deps: SettingsDeps) {
  return [
    defineEndpoint({
      method: 'POST',
      path: '/dev_fetch_api_key',
      auth: 'public',
      params: { username: p.string({ required: true }) },
      handler: ({ params, identity }) => devFetchApiKey(deps, identity.realmId, params.username),
    }),
  ];
}
