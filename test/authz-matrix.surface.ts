/**
 * Probes of Zulip 2.1's routes added beside the first surface: the bulk and single-property
 * subscription updates, default stream groups, /zcommand, uploads fetched at the root path
 * with an API key or a session, custom emoji images (which reach no upload), avatar uploads and
 * redirects, the realm's icon and logos, and the external logins' pages. Part of the matrix's rows (authz-matrix.cases.ts).
 */
import type { Role } from './authz-matrix.world';
import { ADMIN_ONLY, HANDLED, INVALID_STREAM_ID, OK, err, jsonError, only, type Expect, type Probe } from './authz-matrix.expect';

const READERS: Role[] = ['owner', 'member'];
const ADMIN: Role[] = ['admin'];
const NO_GROUP = err("Default stream group with id '999999' does not exist.");
const REDIRECT: Expect = { kind: 'status', status: 302 };
const NOT_CONFIGURED: Expect = { kind: 'status', status: 404 };
/** Anyone logged in is sent to the avatar; nobody else. */
const AVATAR_REDIRECT = { others: REDIRECT, anonymous: { kind: 'status', status: 401 } } as const;

export const surfaceProbes: Probe[] = [
  {
    route: 'PATCH /users/me/subscriptions',
    object: 'private stream',
    request: (w) => ({ method: 'patch', path: '/users/me/subscriptions', params: { add: [{ name: w.stream.name }] } }),
    // As POST: an invite-only stream is refused to every non-subscriber, administrators included.
    expect: (w) => only(READERS, OK, jsonError(`Unable to access stream (${w.stream.name}).`)),
  },
  {
    route: 'PATCH /users/me/subscriptions/:stream_id',
    object: 'private stream',
    request: (w) => ({ method: 'patch', path: `/users/me/subscriptions/${w.stream.id}`, params: { property: 'color', value: '#76ce90' } }),
    expect: only(READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'POST /default_stream_groups/create',
    object: 'private stream',
    request: (w, role) => ({
      method: 'post',
      path: '/default_stream_groups/create',
      params: { group_name: `authz ${role} ${w.tag}`, description: '', stream_names: [w.stream.name] },
    }),
    // The administrator passes the role check and then meets the stream he cannot access.
    expect: (w) => only(ADMIN, err(`Invalid stream name '${w.stream.name}'`), ADMIN_ONLY),
  },
  {
    route: 'PATCH /default_stream_groups/:group_id',
    object: 'realm',
    request: () => ({ method: 'patch', path: '/default_stream_groups/999999', params: { new_description: 'authz' } }),
    expect: only(ADMIN, NO_GROUP, ADMIN_ONLY),
  },
  {
    route: 'DELETE /default_stream_groups/:group_id',
    object: 'realm',
    request: () => ({ method: 'delete', path: '/default_stream_groups/999999' }),
    expect: only(ADMIN, NO_GROUP, ADMIN_ONLY),
  },
  {
    route: 'PATCH /default_stream_groups/:group_id/streams',
    object: 'private stream',
    request: (w) => ({
      method: 'patch',
      path: '/default_stream_groups/999999/streams',
      params: { op: 'add', stream_names: [w.stream.name] },
    }),
    expect: only(ADMIN, NO_GROUP, ADMIN_ONLY),
  },
  {
    route: 'POST /zcommand',
    object: 'own',
    request: () => ({ method: 'post', path: '/zcommand', params: { command: '/ping' } }),
    expect: { others: OK },
  },
  {
    route: 'GET root /user_uploads/:realm_id/*path',
    object: 'uploads',
    // Where `uri` points: a browser's session or an API client's Basic credentials, as in Zulip.
    request: (w) => ({ method: 'get', root: true, path: `/user_uploads/${w.upload.pathId}` }),
    expect: {
      ...only(READERS, { kind: 'status', status: 200 }, { kind: 'status', status: 403 }),
      anonymous: { kind: 'status', status: 401 },
    },
  },
  {
    // Custom emoji images are public, but nothing else stored is reachable there: not an upload.
    route: 'GET root /user_avatars/*path',
    object: 'uploads',
    request: (w) => ({ method: 'get', root: true, path: `/user_avatars/${w.upload.pathId}` }),
    expect: { others: { kind: 'status', status: 404 } },
  },
  // Sent without a file: each caller meets the first check the upload makes of them.
  {
    route: 'POST /users/me/avatar',
    object: 'own',
    request: () => ({ method: 'post', path: '/users/me/avatar' }),
    expect: { others: jsonError('You must upload exactly one avatar.') },
  },
  {
    route: 'GET root /avatar/:user',
    object: 'realm',
    request: (w) => ({ method: 'get', root: true, path: `/avatar/${w.email.owner}` }),
    expect: AVATAR_REDIRECT,
  },
  {
    route: 'GET root /avatar/:user/medium',
    object: 'realm',
    request: (w) => ({ method: 'get', root: true, path: `/avatar/${w.email.member}/medium` }),
    expect: AVATAR_REDIRECT,
  },
  {
    route: 'POST /realm/icon',
    object: 'realm',
    request: () => ({ method: 'post', path: '/realm/icon' }),
    expect: only(ADMIN, jsonError('You must upload exactly one icon.'), ADMIN_ONLY),
  },
  {
    route: 'DELETE /realm/icon',
    object: 'realm',
    request: () => ({ method: 'delete', path: '/realm/icon' }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  {
    route: 'POST /realm/logo',
    object: 'realm',
    request: () => ({ method: 'post', path: '/realm/logo', params: { night: false } }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  {
    route: 'DELETE /realm/logo',
    object: 'realm',
    request: () => ({ method: 'delete', path: '/realm/logo', params: { night: true } }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  // External logins: this server has no OpenID Connect provider, so every start and callback is
  // the same 404 for everyone, and a made-up hand-off token a 403 (test/oidc-login.e2e.test.ts
  // covers them with a provider).
  {
    route: 'GET root /accounts/login/subdomain/:token',
    object: 'realm',
    request: () => ({ method: 'get', root: true, path: '/accounts/login/subdomain/1.a.b' }),
    expect: { others: { kind: 'status', status: 403 } },
  },
  ...['/accounts/login/social/oidc/:idp', '/accounts/register/social/oidc/:idp', '/complete/oidc/'].map((route): Probe => ({
    route: `GET root ${route}`,
    object: 'realm',
    request: () => ({ method: 'get', root: true, path: route.replace(':idp', 'default') }),
    expect: { others: NOT_CONFIGURED },
  })),
];
