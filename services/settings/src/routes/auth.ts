import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { devFetchApiKey, fetchApiKey } from '../domain/fetch-api-key';

/** Endpoints that hand out API keys without one. */
export function authEndpoints(ctx: SettingsContext) {
  return [
    implement(api.devFetchApiKey, ({ params, identity }) => devFetchApiKey(ctx, identity.realmId, params.username)),
    implement(api.fetchApiKey, ({ params, identity }) => fetchApiKey(ctx, identity.realmId, params.username, params.password)),
  ];
}
