import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { getServerSettings } from '../queries/server-settings';

export function serverSettingsEndpoints(ctx: SettingsContext) {
  return [implement(api.getServerSettings, ({ identity, req }) => getServerSettings(ctx, identity.realmId, req.header('user-agent')))];
}
