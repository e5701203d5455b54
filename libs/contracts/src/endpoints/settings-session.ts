/**
 * The browser's session: logging in (by password, or on a development server by picking a user,
 * as Zulip's development login does) and out. Served only under /json; the answer sets the
 * HttpOnly session cookie and the CSRF token cookie (docs/security.md), so the browser never
 * holds an API key. The development user list is Zulip's /api/v1/dev_list_users.
 */
import * as p from '../params';

const sessionAnswer = { user_id: ['integer', 'The id of the user logged in.'], email: ['string', 'Their e-mail address.'] } as const;

export const settingsSessionEndpoints = {
  webLogin: {
    method: 'POST',
    path: '/login',
    auth: 'public',
    summary: 'Start a browser session with an e-mail and password',
    description: 'Logs a browser in: the answer sets the session cookie the web client uses under /json. Only under /json.',
    params: {
      username: p.string({ required: true, description: 'The e-mail address.', example: 'hamlet@zulip.com' }),
      password: p.string({ required: true, description: 'The password.', example: 'secret' }),
      code: p.string({
        description:
          'For an account with two-factor authentication: a code from the authenticator app, or a recovery code. Without it such an account is answered 403 with code TWO_FACTOR_REQUIRED (and nothing logged in).',
        example: '123456',
      }),
    },
    success: sessionAnswer,
    errors: [403],
    webOnly: true,
  },
  webDevLogin: {
    method: 'POST',
    path: '/dev_login',
    auth: 'public',
    summary: 'Start a browser session as any user, by e-mail alone (development servers only)',
    description: "Logs a browser in as anyone, on a development server only (the login page's list of users).",
    params: { username: p.string({ required: true, description: 'The e-mail address of the user.', example: 'hamlet@zulip.com' }) },
    success: sessionAnswer,
    errors: [403],
    webOnly: true,
  },
  webLogout: {
    method: 'POST',
    path: '/logout',
    auth: 'user',
    summary: "End the caller's browser session",
    description: 'Ends the browser session of the request; the page gets a fresh CSRF token for its next login.',
    params: {},
    success: {},
    webOnly: true,
  },
  devListUsers: {
    method: 'GET',
    path: '/dev_list_users',
    auth: 'public',
    summary: "The realm's users for the development login (development servers only)",
    description: 'Lists the users a development login may pick, administrators apart.',
    params: {},
    success: { direct_admins: ['array', 'The administrators: e-mail and name.'], direct_users: ['array', 'The other users.'] },
  },
} as const;
