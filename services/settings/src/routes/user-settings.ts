import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doPatchSettings } from '../actions/patch-settings';
import { doUpdatePersonalSettings } from '../actions/user-settings';

export function userSettingsEndpoints(ctx: SettingsContext) {
  return [
    implement(api.updateNotificationSettings, ({ identity, params }) =>
      doUpdatePersonalSettings(ctx, identity.realmId, identity.userId, params),
    ),
    implement(api.updateDisplaySettings, ({ identity, params }) =>
      doUpdatePersonalSettings(ctx, identity.realmId, identity.userId, params),
    ),
    // Zulip's PATCH /settings answers without the changed values (feature level 78).
    implement(api.updateSettings, async ({ identity, params }) => {
      const { old_password, new_password, full_name, ...settings } = params;
      await doPatchSettings(ctx, identity, { old_password, new_password, full_name, settings });
      return {};
    }),
  ];
}
