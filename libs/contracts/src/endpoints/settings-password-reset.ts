/**
 * Password reset (Zulip's /accounts/password/reset/ form and its confirmation page), for the web
 * client only: the form mails a single-use link and answers the same whether or not the address
 * has an account; the link's page sets a new password. Declared in settingsEndpoints.
 */
import { Type } from '@sinclair/typebox';
import { PASSWORD_RESET_VALIDITY_HOURS } from '../page-paths';
import * as p from '../params';

export const settingsPasswordResetEndpoints = {
  webRequestPasswordReset: {
    method: 'POST',
    path: '/accounts/password/reset',
    auth: 'public',
    summary: 'Mail a password reset link',
    description:
      "Mails the realm's account with this delivery address a single-use link to choose a new password, valid for " +
      `${PASSWORD_RESET_VALIDITY_HOURS} hours and built from the realm's configured URL. The answer is the same whether or ` +
      'not the address has an active account (nothing is mailed then, nor when the realm is deactivated or does not allow ' +
      'password logins). Limited to 2 an hour and 5 a day per address, and 5 a day per client address (429). Only under /json.',
    params: {
      email: p.string({ required: true, description: 'The delivery e-mail address of the account.', example: 'hamlet@zulip.com' }),
    },
    success: Type.Object({}),
    webOnly: true,
  },
  webConfirmPasswordReset: {
    method: 'POST',
    path: '/accounts/password/reset/confirm',
    auth: 'public',
    summary: 'Set a new password with a reset link',
    description:
      "Sets the account's password from a reset link's token. The token works once, and not after the password or the " +
      'delivery address changed; every browser session of the user ends (log in again); the API key is unchanged, as in ' +
      'Zulip. Only under /json.',
    params: {
      token: p.string({ required: true, description: "The reset link's token: its last path segment.", example: 'k3Jq9x' }),
      new_password: p.string({ required: true, description: 'The new password (at least 6 characters).', example: 'to be or not' }),
    },
    success: Type.Object({}),
    webOnly: true,
  },
} as const;
