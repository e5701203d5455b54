/**
 * Deactivating the realm and its images (Zulip 2.1's deactivate_realm, get_icon_backend and
 * get_logo_backend). Declared in settingsEndpoints.
 */
import * as p from '../params';

export const settingsRealmDeactivationEndpoints = {
  deactivateRealm: {
    method: 'POST',
    path: '/realm/deactivate',
    auth: 'user',
    summary: 'Deactivate the realm: its users can no longer log in or use their API keys (administrators)',
    description:
      'Deactivates the whole realm: accounts are kept, but every login, session and API key of its users is refused from then on ' +
      "(the caller's included), and their sessions are ended. Active users receive a `realm` `deactivated` event. Deactivating " +
      'a deactivated realm does nothing. Administrators only; the API has no way to undo it.',
    params: {},
    success: {},
  },
  // 302: the answer is a redirect to the image, with the request's query string passed on.
  getRealmIcon: {
    method: 'GET',
    path: '/realm/icon',
    auth: 'user',
    summary: "Redirects to the realm's icon",
    description:
      "Answers a 302 redirect to the realm's icon image (an identicon, as no realm here uploads one). The request's query string " +
      'is passed on to the image URL.',
    params: {},
    success: {},
    errors: [302],
  },
  getRealmLogo: {
    method: 'GET',
    path: '/realm/logo',
    auth: 'user',
    summary: "Redirects to the realm's logo (its icon: no realm here has uploaded a logo)",
    description:
      "Answers a 302 redirect to the image of the realm's logo, for the day or the night theme. No realm here uploads a logo, " +
      "so both are the realm's icon; the request's query string is passed on to the image URL.",
    params: {
      night: p.bool({
        required: true,
        description: 'Whether the logo for the night theme is wanted (the same image here).',
        example: false,
      }),
    },
    success: {},
    errors: [302],
  },
} as const;
