/**
 * Two-factor authentication (TOTP, RFC 6238) of the caller's own account, from the web client:
 * begin (a new secret, its otpauth URI and QR code), confirm with a first code (then it is
 * required at every password login, and ten one-time recovery codes are shown once), regenerate
 * the recovery codes, disable. Only under /json: an API key cannot change it. Beside them, the
 * caller's API key for their password (as Zulip's /json/fetch_api_key): the way to a key for an
 * account with two-factor, which POST /fetch_api_key refuses. Declared in settingsEndpoints.
 */
import { Type } from '@sinclair/typebox';
import * as p from '../params';

const codeParam = p.string({
  required: true,
  description: 'A code from the authenticator app (6 digits), or one of the recovery codes.',
  example: '123456',
});

const recoveryCodesAnswer = Type.Object({
  recovery_codes: Type.Array(Type.String(), { description: 'Ten one-time recovery codes, shown this once.' }),
});

export const settingsTwoFactorEndpoints = {
  webGetTwoFactor: {
    method: 'GET',
    path: '/users/me/two_factor',
    auth: 'user',
    summary: "Whether the caller's account requires a second factor",
    description: 'Whether two-factor authentication is on for the caller, and how many unused recovery codes are left. Only under /json.',
    params: {},
    success: Type.Object({
      enabled: Type.Boolean({ description: 'Whether a code is required at login.' }),
      recovery_codes_left: Type.Integer({ description: 'Unused recovery codes.' }),
    }),
    webOnly: true,
  },
  webBeginTwoFactor: {
    method: 'POST',
    path: '/users/me/two_factor/begin',
    auth: 'user',
    summary: 'Start enrolling in two-factor authentication',
    description:
      'Makes a new TOTP secret for the caller (replacing one not yet confirmed) and answers it with its otpauth URI and a QR ' +
      'code of the URI for an authenticator app. Nothing changes at login until it is confirmed. Refused when two-factor is ' +
      'already on. Only under /json.',
    params: {},
    success: Type.Object({
      secret: Type.String({ description: 'The secret, in base32 (to type into an app that cannot scan).' }),
      otpauth_uri: Type.String({ description: 'The otpauth:// URI an authenticator app reads.' }),
      qr_code: Type.String({ description: 'The URI as a QR code: an SVG image as a data: URL.' }),
    }),
    webOnly: true,
  },
  webConfirmTwoFactor: {
    method: 'POST',
    path: '/users/me/two_factor/confirm',
    auth: 'user',
    summary: 'Turn two-factor authentication on with a first code',
    description:
      'Checks a code made from the secret of POST /users/me/two_factor/begin and turns two-factor on: password logins then ' +
      'need a code. Answers ten recovery codes, shown this once (only their hashes are kept). Only under /json.',
    params: { code: p.string({ required: true, description: 'The 6-digit code the app shows.', example: '123456' }) },
    success: recoveryCodesAnswer,
    webOnly: true,
  },
  webRegenerateRecoveryCodes: {
    method: 'POST',
    path: '/users/me/two_factor/recovery_codes',
    auth: 'user',
    summary: 'Replace the recovery codes',
    description:
      'Replaces every recovery code with ten new ones, shown this once; needs a current code. A wrong code counts against ' +
      'the failed-login limit. Only under /json.',
    params: { code: codeParam },
    success: recoveryCodesAnswer,
    webOnly: true,
  },
  webShowOwnApiKey: {
    method: 'POST',
    path: '/users/me/api_key',
    auth: 'user',
    summary: "The caller's API key, for their password",
    description:
      "Answers the caller's API key (unchanged) once their password is confirmed, as Zulip's web client fetches it. The " +
      'session already passed two-factor, so this is how an account with two-factor gets its key (POST /fetch_api_key ' +
      'refuses it). A wrong password counts against the failed-login limit. Only under /json.',
    params: { password: p.string({ required: true, description: "The caller's password.", example: 'secret' }) },
    success: Type.Object({ api_key: Type.String({ description: 'The API key, for HTTP Basic with the e-mail address.' }) }),
    webOnly: true,
  },
  webDisableTwoFactor: {
    method: 'POST',
    path: '/users/me/two_factor/disable',
    auth: 'user',
    summary: 'Turn two-factor authentication off',
    description:
      'Turns two-factor off and forgets the secret and the recovery codes; needs the password and a current code, and a wrong ' +
      'one counts against the failed-login limit. Only under /json.',
    params: {
      password: p.string({ required: true, description: "The caller's password.", example: 'secret' }),
      code: codeParam,
    },
    success: Type.Object({}),
    webOnly: true,
  },
} as const;
