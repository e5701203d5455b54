/**
 * Probes of Zulip 2.1's routes added beside the first surface: the bulk and single-property
 * subscription updates, default stream groups, /zcommand, uploads fetched at the root path
 * with an API key or a session, and custom emoji images (which reach no upload). Part of the
 * matrix's rows (authz-matrix.cases.ts).
 */
import type { Role } from './authz-matrix.world';
import { ADMIN_ONLY, INVALID_STREAM_ID, OK, err, jsonError, only, type Probe } from './authz-matrix.expect';

const READERS: Role[] = ['owner', 'member'];
const ADMIN: Role[] = ['admin'];
const NO_GROUP = err("Default stream group with id '999999' does not exist.");

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
];
