import { defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { devFetchApiKey, fetchApiKey } from '../domain/fetch-api-key';

/** Endpoints that hand out API keys without one. */
export function authEndpoints(ctx: SettingsContext) {
  return [
    // Declared on every server, as in Zulip: production answers "Dev environment not enabled."
    defineEndpoint({
      method: 'POST',
      path: '/dev_fetch_api_key',
      auth: 'public',
      params: { username: p.string({ required: true }) },
      handler: ({ params, identity }) => devFetchApiKey(ctx, identity.realmId, params.username),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/fetch_api_key',
      auth: 'public',
      params: { username: p.string({ required: true }), password: p.string({ required: true }) },
      handler: ({ params, identity }) => fetchApiKey(ctx, identity.realmId, params.username, params.password),
    }),
  ];
}
