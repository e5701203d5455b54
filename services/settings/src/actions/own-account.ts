/**
 * Zulip 2.1's POST /users/me/enter-sends: the same setting PATCH /settings changes, with the same
 * events. (The avatar routes are in ./avatar.ts.)
 */
import type { SettingsContext } from '../deps';
import { doUpdatePersonalSettings } from './user-settings';

/** POST /users/me/enter-sends. */
export async function doChangeEnterSends(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  enterSends: boolean,
): Promise<Record<string, unknown>> {
  await doUpdatePersonalSettings(ctx, realmId, userId, { enter_sends: enterSends });
  return {};
}
