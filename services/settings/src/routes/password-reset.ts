import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doConfirmPasswordReset, doRequestPasswordReset } from '../actions/password-reset';

/** The password reset form and its link's page, without an account. */
export function passwordResetEndpoints(ctx: SettingsContext) {
  return [
    implement(api.webRequestPasswordReset, async ({ params, identity }) => {
      const clientAddress = identity.kind === 'anonymous' ? identity.clientAddress : undefined;
      await doRequestPasswordReset(ctx, identity.realmId, clientAddress, params.email);
    }),
    implement(api.webConfirmPasswordReset, async ({ params, identity }) => {
      await doConfirmPasswordReset(ctx, identity.realmId, params.token, params.new_password);
    }),
  ];
}
