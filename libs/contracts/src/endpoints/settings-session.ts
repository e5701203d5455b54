/**
 * The browser's session: logging in (by password, or on a development server by picking a user,
 * as Zulip's development login does) and out. Served only under /json; the answer sets the
 * HttpOnly session cookie and the CSRF token cookie (docs/security.md), so the browser never
 * holds an API key. The development user list is Zulip's /api/v1/dev_list_users.
 */
import * as p from '../params';

const sessionAnswer = { user_id: 'integer', email: 'string' } as const;

export const settingsSessionEndpoints = {
  webLogin: {
    method: 'POST',
    path: '/login',
    auth: 'public',
    summary: 'Start a browser session with an e-mail and password',
    params: { username: p.string({ required: true }), password: p.string({ required: true }) },
    success: sessionAnswer,
    errors: [403],
    webOnly: true,
  },
  webDevLogin: {
    method: 'POST',
    path: '/dev_login',
    auth: 'public',
    summary: 'Start a browser session as any user, by e-mail alone (development servers only)',
    params: { username: p.string({ required: true }) },
    success: sessionAnswer,
    errors: [403],
    webOnly: true,
  },
  webLogout: {
    method: 'POST',
    path: '/logout',
    auth: 'user',
    summary: "End the caller's browser session",
    params: {},
    success: {},
    webOnly: true,
  },
  devListUsers: {
    method: 'GET',
    path: '/dev_list_users',
    auth: 'public',
    summary: "The realm's users for the development login (development servers only)",
    params: {},
    success: { direct_admins: 'array', direct_users: 'array' },
  },
} as const;
