import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { showOwnApiKey } from '../actions/own-api-key';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, twoFactorStatus } from '../actions/two-factor';

/** The caller's own two-factor authentication, and their API key for their password. */
export function twoFactorEndpoints(ctx: SettingsContext) {
  return [
    implement(api.webGetTwoFactor, ({ identity }) => twoFactorStatus(ctx, identity.userId)),
    implement(api.webBeginTwoFactor, ({ identity }) => beginTwoFactor(ctx, identity.userId)),
    implement(api.webConfirmTwoFactor, ({ params, identity }) => confirmTwoFactor(ctx, identity.userId, params.code)),
    implement(api.webRegenerateRecoveryCodes, ({ params, identity }) => regenerateRecoveryCodes(ctx, identity.userId, params.code)),
    implement(api.webShowOwnApiKey, ({ params, identity }) => showOwnApiKey(ctx, identity.userId, params.password)),
    implement(api.webDisableTwoFactor, async ({ params, identity }) => {
      await disableTwoFactor(ctx, identity.userId, params.password, params.code);
    }),
  ];
}
