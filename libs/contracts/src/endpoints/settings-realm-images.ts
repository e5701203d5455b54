/**
 * The realm's icon and logos (Zulip 2.1's zerver/views/realm_icon.py and realm_logo.py): uploads
 * resized by the server, removal back to the default, and the redirects to the current image.
 * Declared in settingsEndpoints.
 */
import { Type } from '@sinclair/typebox';
import * as p from '../params';

/** The answer of a route that answers nothing beyond `result` and `msg`. */
const nothing = Type.Object({});

/** Zulip's MAX_ICON_FILE_SIZE and MAX_LOGO_FILE_SIZE (/register's max_icon_file_size, max_logo_file_size). */
export const MAX_ICON_FILE_MB = 5;
export const MAX_LOGO_FILE_MB = 5;

/** A little room above a file limit, so an oversized file gets Zulip's message rather than a bare 413. */
const uploadBody = (megabytes: number) => ({ limit: (megabytes + 1) * 1024 * 1024 });

const nightDocs = { description: 'Whether the logo is the one for the night theme (true) or the day theme (false).', example: false };

export const settingsRealmImageEndpoints = {
  uploadRealmIcon: {
    method: 'POST',
    path: '/realm/icon',
    auth: 'user',
    summary: "Upload the realm's icon (administrators)",
    description:
      `Sets the realm's icon from one image file sent as multipart/form-data (PNG, JPEG, GIF or WebP, at most ${MAX_ICON_FILE_MB} MB): ` +
      'it is cropped to a square and resized to 100 × 100 PNG, its metadata dropped. Active users receive a `realm` `update_dict` ' +
      'event (property `icon`) with the new `icon_url` and `icon_source` (`U`). SVG, PDF and images past the pixel limit are refused.',
    params: {},
    success: Type.Object({ icon_url: Type.String({ description: 'Where the new icon is served, versioned.' }) }),
    errors: [413, 503],
    rawBody: uploadBody(MAX_ICON_FILE_MB),
  },
  deleteRealmIcon: {
    method: 'DELETE',
    path: '/realm/icon',
    auth: 'user',
    summary: "Return the realm's icon to the default (administrators)",
    description:
      "The realm's icon becomes the Gravatar identicon again (source `G`); active users receive the `realm` `update_dict` event.",
    params: {},
    success: Type.Object({ icon_url: Type.String({ description: 'The URL of the default icon.' }) }),
  },
  // 302: the answer is a redirect to the image, with the request's query string passed on.
  getRealmIcon: {
    method: 'GET',
    path: '/realm/icon',
    auth: 'user',
    summary: "Redirects to the realm's icon",
    description:
      "Answers a 302 redirect to the realm's icon image: the uploaded one, or an identicon. The request's query string is passed on to the image URL.",
    params: {},
    success: {},
    errors: [302],
  },
  uploadRealmLogo: {
    method: 'POST',
    path: '/realm/logo',
    auth: 'user',
    summary: "Upload the realm's logo for the day or the night theme (administrators)",
    description:
      `Sets the realm's wide logo from one image file sent as multipart/form-data (at most ${MAX_LOGO_FILE_MB} MB), with \`night\` ` +
      'as a form field (or in the query string). It is resized to fit 800 × 100 PNG, proportions kept. Active users receive a ' +
      '`realm` `update_dict` event (property `logo` or `night_logo`).',
    params: { night: p.bool({ ...nightDocs, description: `${nightDocs.description} A field of the form, or in the query string.` }) },
    success: nothing,
    errors: [413, 503],
    rawBody: uploadBody(MAX_LOGO_FILE_MB),
  },
  deleteRealmLogo: {
    method: 'DELETE',
    path: '/realm/logo',
    auth: 'user',
    summary: "Return the realm's day or night logo to the default (administrators)",
    description: 'The logo becomes the default again (here the realm icon, source `D`); active users receive the `update_dict` event.',
    params: { night: p.bool({ ...nightDocs, required: true }) },
    success: nothing,
  },
  getRealmLogo: {
    method: 'GET',
    path: '/realm/logo',
    auth: 'user',
    summary: "Redirects to the realm's logo for the day or the night theme",
    description:
      "Answers a 302 redirect to the image of the realm's logo: the uploaded one, or the realm's icon where none was uploaded. " +
      "The request's query string is passed on to the image URL.",
    params: { night: p.bool({ ...nightDocs, required: true }) },
    success: {},
    errors: [302],
  },
} as const;
