/**
 * Logging in through an external identity provider (OpenID Connect), at Zulip's paths: the login
 * and sign-up buttons open a start URL, which sends the browser to the provider; the provider sends
 * it back to the one callback every realm shares. Browser pages at the root, never under /api/v1:
 * their answers are redirects (errors are JSON, as everywhere).
 */
import { Type } from '@sinclair/typebox';
import * as p from '../params';

/** The callback path every realm registers with the provider (Zulip's social-auth complete URL). */
export const OIDC_CALLBACK_PATH = '/complete/oidc/';

const startParams = {
  idp: p.string({
    required: true,
    description: "The provider's name in `external_authentication_methods` (`oidc:<idp>`).",
    example: 'default',
  }),
  next: p.string({ description: 'Where to land after the login: a path on this server (`/#narrow/...`); anything else lands at `/`.' }),
  mobile_flow_otp: p.string({
    description:
      "The mobile app's one-time pad, 64 hex characters: the login ends in a `zulip://login` redirect carrying the API key XOR it.",
  }),
  desktop_flow_otp: p.string({ description: "The desktop app's one-time pad, 64 hex characters, as `mobile_flow_otp`." }),
} as const;

/** A redirect: no JSON answer on success. */
const redirectAnswer = Type.Object({});

export const settingsExternalAuthEndpoints = {
  oidcLoginStart: {
    method: 'GET',
    path: '/accounts/login/social/oidc/:idp',
    limitPerClient: true,
    auth: 'public',
    root: true,
    summary: 'Start a login with the OpenID Connect provider',
    description: "Redirects (302) to the provider's authorization page with a fresh state, nonce and PKCE challenge.",
    params: startParams,
    success: redirectAnswer,
    errors: [302, 403, 404],
  },
  oidcSignupStart: {
    method: 'GET',
    path: '/accounts/register/social/oidc/:idp',
    limitPerClient: true,
    auth: 'public',
    root: true,
    summary: 'Start a sign-up with the OpenID Connect provider',
    description: 'As the login, for the sign-up button: the account is created if the realm admits the person.',
    params: startParams,
    success: redirectAnswer,
    errors: [302, 403, 404],
  },
  oidcComplete: {
    method: 'GET',
    path: OIDC_CALLBACK_PATH,
    auth: 'public',
    root: true,
    summary: "The OpenID Connect provider's redirect back",
    description:
      'Checks the state (signed, single use, minutes old), exchanges the code with the PKCE verifier, checks the ID token and its nonce, ' +
      "then ends the login: a browser session and a redirect to `next`, the mobile app's `zulip://login` redirect, or the desktop app's page with its encrypted hand-off token.",
    params: {
      code: p.string({ description: 'The authorization code.' }),
      state: p.string({ description: 'The state the start URL made.' }),
      iss: p.string({ description: "The provider's issuer (RFC 9207)." }),
      session_state: p.string({ description: 'Ignored.' }),
      error: p.string({ description: "The provider's error, when the person did not log in." }),
      error_description: p.string({ description: 'Its description.' }),
    },
    success: redirectAnswer,
    errors: [302, 403],
  },
  externalLoginHandoff: {
    method: 'GET',
    path: '/accounts/login/subdomain/:token',
    auth: 'public',
    root: true,
    summary: "Finish an external login on the realm's own host",
    description:
      'The callback is on the bare host; a realm on a subdomain gets its browser session here, from a single-use token a minute old at most ' +
      "(Zulip's log_into_subdomain), then a redirect to `next`.",
    params: { token: p.string({ required: true, description: 'The hand-off token the callback made.', example: '1.abc.def' }) },
    success: redirectAnswer,
    errors: [302, 403],
  },
} as const;
