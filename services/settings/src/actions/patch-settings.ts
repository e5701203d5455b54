/**
 * PATCH /settings: a password change, a new name and any personal settings in one request. Every
 * part is checked before any is stored, so a request refused for one bad value changes nothing
 * (a wrong old password, a name the realm refuses, an unknown language alike).
 */
import type { SettingsContext } from '../deps';
import { changePassword } from './change-password';
import { changeOwnFullName, checkOwnFullName } from './own-name';
import { checkPersonalSettings, doUpdatePersonalSettings, type SubmittedSettings } from './user-settings';

export interface SettingsPatch {
  old_password?: string;
  new_password?: string;
  full_name?: string;
  settings: SubmittedSettings;
}

export async function doPatchSettings(
  ctx: SettingsContext,
  identity: { realmId: number; userId: number; sessionId?: number },
  patch: SettingsPatch,
): Promise<void> {
  checkPersonalSettings(patch.settings);
  const newName = patch.full_name === undefined ? null : await checkOwnFullName(ctx, identity.realmId, identity.userId, patch.full_name);
  // The password's checks (the old one, the limit, the new one's strength) come before its write.
  await changePassword(ctx, identity.userId, { old_password: patch.old_password, new_password: patch.new_password }, identity.sessionId);
  if (newName !== null) await changeOwnFullName(ctx, identity.userId, newName);
  await doUpdatePersonalSettings(ctx, identity.realmId, identity.userId, patch.settings);
}
