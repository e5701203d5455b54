/**
 * Small routes of Zulip 2.1's table on the caller's own account: the compose box's Enter-sends
 * setting, uploading and removing an avatar, and the redirects to anyone's avatar. Declared in
 * settingsEndpoints.
 */
import { Type } from '@sinclair/typebox';
import * as p from '../params';

/** The user of GET /avatar/{user}: an id, or an e-mail address. */
const whoParam = p.string({ required: true, description: "The user's id or e-mail address.", example: '9' });

/** Zulip's MAX_AVATAR_FILE_SIZE. */
export const MAX_AVATAR_FILE_MB = 5;

export const settingsOwnAccountEndpoints = {
  changeEnterSends: {
    method: 'POST',
    path: '/users/me/enter-sends',
    auth: 'user',
    summary: 'Set whether Enter sends a message in the compose box (Zulip 2.1; PATCH /settings takes it too)',
    description:
      "Sets the caller's `enter_sends` setting: whether Enter sends the message being composed (true) or starts a new line. " +
      "The caller's clients receive the same events as when PATCH /settings changes it.",
    params: {
      enter_sends: p.bool({
        required: true,
        description: 'Whether pressing Enter sends the message (false: it starts a new line).',
        example: true,
      }),
    },
    success: {},
  },
  uploadOwnAvatar: {
    method: 'POST',
    path: '/users/me/avatar',
    auth: 'user',
    summary: "Upload the caller's avatar",
    description:
      `Sets the caller's avatar from one image file sent as multipart/form-data (PNG, JPEG, GIF or WebP, at most ${MAX_AVATAR_FILE_MB} MB): ` +
      'it is cropped to a square and kept as 100 × 100 and 500 × 500 PNG, its metadata dropped. Everyone in the realm receives a ' +
      "`realm_user` update (and a bot's owner a `realm_bot` one). Refused when the realm disables avatar changes, except for " +
      'administrators; SVG, PDF and images past the pixel limit are refused.',
    params: {},
    success: Type.Object({ avatar_url: Type.String({ description: 'The URL of the new avatar (its 100 × 100 version).' }) }),
    errors: [413, 503],
    rawBody: { limit: (MAX_AVATAR_FILE_MB + 1) * 1024 * 1024 },
  },
  // 302: the answer is a redirect to the image, with the request's query string passed on.
  getAvatar: {
    method: 'GET',
    path: '/avatar/:user',
    auth: 'user',
    root: true,
    summary: "Redirects to a user's avatar, by id or e-mail",
    description:
      "Answers a 302 redirect to the avatar of the realm's user with that id or e-mail address (Zulip's `/avatar/<email_or_id>`): " +
      "their uploaded one or their Gravatar. An address that is no user's gets that address's Gravatar. The request's query string is passed on. " +
      "HTTP Basic (API clients) or the browser's session cookie.",
    params: { user: whoParam },
    success: Type.Object({}),
    errors: [302],
  },
  getMediumAvatar: {
    method: 'GET',
    path: '/avatar/:user/medium',
    auth: 'user',
    root: true,
    summary: "Redirects to the larger version of a user's avatar, by id or e-mail",
    description: 'As `GET /avatar/{user}`, to the 500 × 500 version (`avatar_url_medium`).',
    params: { user: whoParam },
    success: Type.Object({}),
    errors: [302],
  },
  deleteOwnAvatar: {
    method: 'DELETE',
    path: '/users/me/avatar',
    auth: 'user',
    summary: "Return the caller's avatar to the default (Gravatar)",
    description:
      "Drops the caller's uploaded avatar: their avatar becomes the Gravatar of their e-mail address again. Everyone in the realm " +
      "receives a `realm_user` update (and a bot's owner a `realm_bot` one). Refused when the realm disables avatar changes, except for administrators.",
    params: {},
    success: {
      avatar_url: ['string', 'The URL of the new avatar.'],
      avatar_url_medium: ['string', 'The URL of its larger version.'],
    },
  },
} as const;
