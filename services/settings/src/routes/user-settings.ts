import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { changePassword } from '../domain/change-password';
import { updatePersonalSettings } from '../domain/user-settings';

export function userSettingsEndpoints(ctx: SettingsContext) {
  return [
    implement(api.updateNotificationSettings, ({ identity, params }) => updatePersonalSettings(ctx, identity.realmId, identity.userId, params)),
    implement(api.updateDisplaySettings, ({ identity, params }) => updatePersonalSettings(ctx, identity.realmId, identity.userId, params)),
    // Zulip's PATCH /settings answers without the changed values (feature level 78).
    implement(api.updateSettings, async ({ identity, params }) => {
      const { old_password, new_password, ...settings } = params;
      await changePassword(ctx, identity.userId, { old_password, new_password }, identity.sessionId);
      await updatePersonalSettings(ctx, identity.realmId, identity.userId, settings);
      return {};
    }),
  ];
}
