import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { updateDisplaySettings, updateNotificationSettings } from '../domain/user-settings';

export function userSettingsEndpoints(ctx: SettingsContext) {
  return [
    implement(api.updateNotificationSettings, ({ identity, params }) => updateNotificationSettings(ctx, identity.realmId, identity.userId, params)),
    implement(api.updateDisplaySettings, ({ identity, params }) => updateDisplaySettings(ctx, identity.realmId, identity.userId, params)),
  ];
}
