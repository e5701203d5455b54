/**
 * The matrix's rows: at least one probe per route of the gateway's table. A probe names the
 * object it aims at (the owner's private stream and its message, the private message, the
 * upload, the bots, the queue, another user) and what each role gets, by Zulip 2.1's rules.
 * Routes that act only on the caller's own things ('own') are still sent by every role: the
 * answer must be handled and must not carry anything the role may not see.
 */
import { webhookEndpoints } from '@chat/contracts';
import type { Role, World } from './authz-matrix.world';
import { PUBLIC_READERS, ROLES, useNewKey } from './authz-matrix.world';
import { surfaceProbes } from './authz-matrix.surface';
import {
  ADMIN_ONLY,
  HANDLED,
  INSUFFICIENT,
  INVALID_MESSAGE,
  INVALID_STREAM_ID,
  OK,
  err,
  jsonError,
  only,
  oneOf,
  type Expect,
  type Probe,
} from './authz-matrix.expect';

/** A browser's key as a Web Push subscription carries it: 65 bytes, the first 4 (an uncompressed P-256 point). */
const AUTHZ_P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
const READERS: Role[] = ['owner', 'member'];
const OWNER: Role[] = ['owner'];
const ADMIN: Role[] = ['admin'];
const BOT_MANAGERS: Role[] = ['owner', 'admin'];
const REDIRECT: Expect = { kind: 'status', status: 302 };

/** Zulip's require_member_or_admin, on the bot endpoints but DELETE. */
const NO_BOTS = jsonError('This endpoint does not accept bot requests.');
const HUMANS_ONLY = { guest: err('Not allowed for guest users'), bot: NO_BOTS, 'owner-bot': NO_BOTS };

/** A probe of a route that owns nothing of another user's. */
/** The owner's temporary URL with its user swapped for another (a forgery), or a made-up one. */
const claimedForAnother = (w: World): string =>
  (w.upload.temporaryUrls.owner ?? `/user_uploads/temporary/1.1.eA.${'A'.repeat(43)}/notes.txt`).replace(
    /\/temporary\/\d+\./,
    '/temporary/999999.',
  );

const own = (route: string, request: Probe['request'], extra: Partial<Probe> = {}): Probe => ({
  route,
  object: 'own',
  request,
  expect: { others: HANDLED },
  ...extra,
});

const streamNarrows = (w: World, role: Role) => ({
  stream: [{ operator: 'stream', operand: w.stream.name }],
  topic: [
    { operator: 'stream', operand: w.stream.name },
    { operator: 'topic', operand: w.stream.topic },
  ],
  // The owner's conversation with the member, from either side; for the rest, theirs with the owner.
  'pm-with': [{ operator: 'pm-with', operand: role === 'owner' ? w.email.member : w.email.owner }],
  search: [{ operator: 'search', operand: `authzstreammsg${w.tag}` }],
  // Takes history the caller never received, but only of public streams.
  'streams:public': [{ operator: 'streams', operand: 'public' }],
  sender: [{ operator: 'sender', operand: w.email.owner }],
  'public stream': [{ operator: 'stream', operand: 'Denmark' }],
  id: [{ operator: 'id', operand: String(w.streamMessageId) }],
});

const fetchProbes: Probe[] = (
  ['none', 'stream', 'topic', 'pm-with', 'search', 'id', 'streams:public', 'sender', 'public stream'] as const
).map((narrow) => ({
  route: 'GET /messages',
  object: ['none', 'pm-with', 'sender'].includes(narrow) ? 'private messages' : 'private stream messages',
  label: `narrow ${narrow}`,
  request: (w, role) => ({
    method: 'get',
    path: '/messages',
    params: { anchor: 10_000_000, num_before: 100, num_after: 0, narrow: narrow === 'none' ? [] : streamNarrows(w, role)[narrow] },
  }),
  // Zulip filters: a stream narrow the caller cannot read gives no messages, not an error.
  expect: { others: OK },
}));

interface MessageObject {
  object: string;
  id: (w: World) => number;
  content: (w: World) => string;
  /** Roles that may read the message; the sender is the owner. */
  readers: readonly Role[];
}

/** The same message-level checks for each message another user sent. */
function messageProbes({ object, id, content, readers }: MessageObject): Probe[] {
  const readersOnly = only(readers, OK, INVALID_MESSAGE);
  // Readers who are not the sender may not change the content; administrators may delete.
  const notSender = (msg: string, admin: Expect) => ({
    ...only(readers, err(msg), INVALID_MESSAGE),
    owner: OK,
    ...(readers.includes('admin') ? { admin } : {}),
  });
  return [
    { route: 'GET /messages/:message_id', object, request: (w) => ({ method: 'get', path: `/messages/${id(w)}` }), expect: readersOnly },
    {
      route: 'PATCH /messages/:message_id',
      object,
      label: 'content edit',
      // The edit keeps the content's link, so the upload stays readable by the message's readers.
      request: (w) => ({ method: 'patch', path: `/messages/${id(w)}`, params: { content: `${content(w)} (edited)` } }),
      // Zulip 2.1: not even an administrator edits another user's content.
      expect: notSender("You don't have permission to edit this message", err("You don't have permission to edit this message")),
    },
    {
      route: 'DELETE /messages/:message_id',
      object,
      request: (w) => ({ method: 'delete', path: `/messages/${id(w)}` }),
      // Access first, then permission: deleting is off by default for everyone but administrators.
      expect: {
        ...notSender("You don't have permission to delete this message", OK),
        owner: err("You don't have permission to delete this message"),
      },
      destructiveFor: ['admin'],
    },
    {
      route: 'GET /messages/:message_id/history',
      object,
      request: (w) => ({ method: 'get', path: `/messages/${id(w)}/history` }),
      expect: readersOnly,
    },
    {
      route: 'POST /messages/:message_id/reactions',
      object,
      request: (w) => ({ method: 'post', path: `/messages/${id(w)}/reactions`, params: { emoji_name: 'joy' } }),
      expect: readersOnly,
    },
    {
      route: 'DELETE /messages/:message_id/reactions',
      object,
      request: (w) => ({ method: 'delete', path: `/messages/${id(w)}/reactions`, params: { emoji_name: 'joy' } }),
      expect: readersOnly,
    },
    // The legacy routes name the emoji in the path; heart, so the probes above leave nothing behind.
    {
      route: 'PUT /messages/:message_id/emoji_reactions/:emoji_name',
      object,
      request: (w) => ({ method: 'put', path: `/messages/${id(w)}/emoji_reactions/heart` }),
      expect: readersOnly,
    },
    {
      route: 'DELETE /messages/:message_id/emoji_reactions/:emoji_name',
      object,
      request: (w) => ({ method: 'delete', path: `/messages/${id(w)}/emoji_reactions/heart` }),
      expect: readersOnly,
    },
    {
      route: 'POST /submessage',
      object,
      request: (w) => ({
        method: 'post',
        path: '/submessage',
        params: { message_id: id(w), msg_type: 'widget', content: '{"type":"vote","key":"canned,0","vote":1}' },
      }),
      // The sender attaches a message's first submessage; readers probed after the owner (in ROLES order) may follow it.
      expect: {
        ...notSender('You cannot attach a submessage to this message.', err('You cannot attach a submessage to this message.')),
        ...Object.fromEntries(readers.filter((r) => ROLES.indexOf(r) > ROLES.indexOf('owner')).map((r) => [r, OK])),
      },
    },
    {
      route: 'POST /messages/flags',
      object,
      label: 'star',
      request: (w) => ({ method: 'post', path: '/messages/flags', params: { messages: [id(w)], op: 'add', flag: 'starred' } }),
      expect: readersOnly,
    },
    {
      route: 'POST /messages/flags',
      object,
      // After the star above, every reader holds a row for the message (a historical one if need be).
      label: 'read',
      request: (w) => ({ method: 'post', path: '/messages/flags', params: { messages: [id(w)], op: 'add', flag: 'read' } }),
      expect: readersOnly,
    },
    {
      route: 'GET /messages/matches_narrow',
      object,
      request: (w) => ({ method: 'get', path: '/messages/matches_narrow', params: { msg_ids: [id(w)], narrow: [] } }),
      expect: { others: OK },
    },
  ];
}

/** Editing profile fields, the realm's e-mail domains and the caller's own key-value store. */
const profileAndDomainProbes: Probe[] = [
  {
    route: 'PATCH /realm/profile_fields/:field_id',
    object: 'realm',
    request: () => ({ method: 'patch', path: '/realm/profile_fields/999999', params: { name: 'Nowhere' } }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  {
    route: 'PATCH /realm/profile_fields',
    object: 'realm',
    // Not every field id: an administrator gets "Invalid order mapping." when the realm has fields.
    request: () => ({ method: 'patch', path: '/realm/profile_fields', params: { order: [] } }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  own('DELETE /users/me/profile_data', () => ({ method: 'delete', path: '/users/me/profile_data', params: { data: [] } })),
  // Each account has its own store: the entries written here are the caller's alone.
  own('PUT /bot_storage', (w) => ({ method: 'put', path: '/bot_storage', params: { storage: { authz: `authzstorage${w.tag}` } } })),
  own('GET /bot_storage', () => ({ method: 'get', path: '/bot_storage' })),
  own('DELETE /bot_storage', () => ({ method: 'delete', path: '/bot_storage' })),
  own('GET /realm/domains', () => ({ method: 'get', path: '/realm/domains' })),
  {
    route: 'POST /realm/domains',
    object: 'realm',
    request: (w) => ({ method: 'post', path: '/realm/domains', params: { domain: `authz${w.tag}.example`, allow_subdomains: false } }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  {
    route: 'PATCH /realm/domains/:domain',
    object: 'realm',
    request: (w) => ({ method: 'patch', path: `/realm/domains/authz${w.tag}.example`, params: { allow_subdomains: true } }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  {
    route: 'DELETE /realm/domains/:domain',
    object: 'realm',
    request: (w) => ({ method: 'delete', path: `/realm/domains/authz${w.tag}.example` }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
    destructiveFor: ADMIN,
  },
  own('POST /users/me/enter-sends', () => ({ method: 'post', path: '/users/me/enter-sends', params: { enter_sends: false } })),
  own('DELETE /users/me/avatar', () => ({ method: 'delete', path: '/users/me/avatar' })),
  // Redirects to the realm's image, the same for every member.
  { route: 'GET /realm/icon', object: 'realm', request: () => ({ method: 'get', path: '/realm/icon' }), expect: { others: REDIRECT } },
  {
    route: 'GET /realm/logo',
    object: 'realm',
    request: () => ({ method: 'get', path: '/realm/logo', params: { night: false } }),
    expect: { others: REDIRECT },
  },
  {
    route: 'POST /realm/deactivate',
    object: 'realm',
    request: () => ({ method: 'post', path: '/realm/deactivate' }),
    expect: { others: ADMIN_ONLY },
    // Not the administrator: it would end the realm for every later case (its own test covers it).
    roles: ROLES.filter((r) => r !== 'admin'),
  },
];

const settingsProbes: Probe[] = [
  {
    route: 'GET /server_settings',
    object: 'own',
    request: () => ({ method: 'get', path: '/server_settings' }),
    expect: { others: OK, anonymous: OK },
  },
  own('POST /dev_fetch_api_key', () => ({ method: 'post', path: '/dev_fetch_api_key', params: { username: 'nobody@zulip.com' } }), {
    expect: { others: HANDLED, anonymous: HANDLED },
  }),
  own('GET /users/me', () => ({ method: 'get', path: '/users/me' })),
  // The integrations are the server's, the same for everyone signed in.
  own('GET /integrations', () => ({ method: 'get', path: '/integrations' }), {
    expect: { admin: OK, member: OK, guest: OK, owner: OK, outsider: OK, others: HANDLED },
  }),
  own('GET /dev_list_users', () => ({ method: 'get', path: '/dev_list_users' }), { expect: { others: HANDLED, anonymous: HANDLED } }),
  own('POST /login', () => ({ method: 'post', path: '/login', params: { username: 'nobody@zulip.com', password: 'wrong' } }), {
    expect: { others: HANDLED, anonymous: HANDLED },
  }),
  own('POST /dev_login', () => ({ method: 'post', path: '/dev_login', params: { username: 'nobody@zulip.com' } }), {
    expect: { others: HANDLED, anonymous: HANDLED },
  }),
  // Ends the caller's session: only the refusal without one is probed (test/web-sessions.e2e.test.ts logs out).
  own('POST /logout', () => ({ method: 'post', path: '/logout' }), { roles: ['anonymous'] }),
  // Deactivates the caller: only the refusal without credentials is probed.
  own('DELETE /users/me', () => ({ method: 'delete', path: '/users/me' }), { roles: ['anonymous'] }),
  own(
    'POST /fetch_api_key',
    () => ({ method: 'post', path: '/fetch_api_key', params: { username: 'nobody@zulip.com', password: 'wrong' } }),
    {
      expect: { others: HANDLED, anonymous: HANDLED },
    },
  ),
  own('GET /users', () => ({ method: 'get', path: '/users' })),
  own('GET /users/:user_id', (w) => ({ method: 'get', path: `/users/${w.userIds.owner}` })),
  {
    route: 'POST /users',
    object: 'users',
    request: (w, role) => ({
      method: 'post',
      path: '/users',
      params: {
        email: `authz-${role}-${w.tag}@zulip.com`,
        password: 'authz-password-1',
        full_name: `Authz ${role}`,
        short_name: `authz${role}`,
      },
    }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  {
    route: 'PATCH /users/:user_id',
    object: 'users',
    request: (w) => ({ method: 'patch', path: `/users/${w.userIds.owner}`, params: { full_name: 'King Hamlet' } }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  {
    route: 'DELETE /users/:user_id',
    object: 'users',
    request: (w) => ({ method: 'delete', path: `/users/${w.userIds.victim}` }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
    destructiveFor: ADMIN,
  },
  {
    route: 'POST /users/:user_id/reactivate',
    object: 'users',
    request: (w) => ({ method: 'post', path: `/users/${w.userIds.victim}/reactivate` }),
    expect: only(ADMIN, oneOf(OK, err('User is already active')), ADMIN_ONLY),
  },
  own('GET /users/me/pointer', () => ({ method: 'get', path: '/users/me/pointer' })),
  ...(['POST', 'PUT'] as const).map((method): Probe => ({
    route: `${method} /users/me/pointer`,
    object: 'private stream messages',
    request: (w) => ({ method: method === 'POST' ? 'post' : 'put', path: '/users/me/pointer', params: { pointer: w.streamMessageId } }),
    // Zulip accepts a pointer at or behind the current one without looking at the message.
    expect: only(READERS, OK, oneOf(OK, err('Invalid message ID'))),
  })),
  own('POST /users/me/presence', () => ({ method: 'post', path: '/users/me/presence', params: { status: 'active' } })),
  own('GET /realm/presence', () => ({ method: 'get', path: '/realm/presence' })),
  own('GET /users/:email/presence', (w) => ({ method: 'get', path: `/users/${w.email.owner}/presence` })),
  own('POST /users/me/status', () => ({ method: 'post', path: '/users/me/status', params: { away: false } })),
  own('POST /users/me/api_key/regenerate', () => ({ method: 'post', path: '/users/me/api_key/regenerate' }), {
    after: (w, role, body) => {
      if (typeof body.api_key === 'string') useNewKey(w, role, body.api_key);
    },
  }),
  {
    route: 'POST /bots',
    object: 'bot API keys',
    request: (w, role) => ({
      method: 'post',
      path: '/bots',
      params: { full_name: `Authz ${role} bot ${w.tag}`, short_name: `authzbot${role}${w.tag}`, bot_type: 1 },
    }),
    // A bot creating bots would hold keys its owner never sees.
    expect: { others: OK, ...HUMANS_ONLY },
  },
  { route: 'GET /bots', object: 'bot API keys', request: () => ({ method: 'get', path: '/bots' }), expect: { others: OK, ...HUMANS_ONLY } },
  {
    route: 'PATCH /bots/:bot_id',
    object: 'bot API keys',
    request: (w) => ({ method: 'patch', path: `/bots/${w.bots.secret.id}`, params: { full_name: `Authz secret bot ${w.tag}` } }),
    expect: { ...only(BOT_MANAGERS, OK, INSUFFICIENT), ...HUMANS_ONLY },
  },
  {
    route: 'DELETE /bots/:bot_id',
    object: 'bot API keys',
    request: (w, role) => ({ method: 'delete', path: `/bots/${role === 'admin' ? w.bots.forAdminToDelete : w.bots.forOwnerToDelete}` }),
    expect: only(BOT_MANAGERS, OK, INSUFFICIENT),
    destructiveFor: BOT_MANAGERS,
  },
  {
    route: 'POST /bots/:bot_id/api_key/regenerate',
    object: 'bot API keys',
    request: (w) => ({ method: 'post', path: `/bots/${w.bots.secret.id}/api_key/regenerate` }),
    expect: { ...only(BOT_MANAGERS, OK, INSUFFICIENT), ...HUMANS_ONLY },
    destructiveFor: BOT_MANAGERS,
    // The new key is as secret as the old one.
    after: (w, role, body) => {
      if (typeof body.api_key === 'string')
        w.secrets.push({ name: `owner's bot API key (regenerated by ${role})`, value: body.api_key, audience: BOT_MANAGERS });
    },
  },
  own('PATCH /settings/notifications', () => ({ method: 'patch', path: '/settings/notifications', params: { enable_sounds: true } })),
  own('PATCH /settings/display', () => ({ method: 'patch', path: '/settings/display', params: { twenty_four_hour_time: false } })),
  own('PATCH /settings', () => ({ method: 'patch', path: '/settings', params: { send_private_typing_notifications: true } })),
  own('GET /realm/emoji', () => ({ method: 'get', path: '/realm/emoji' })),
  own('POST /realm/emoji/:emoji_name', (w) => ({ method: 'post', path: `/realm/emoji/authz${w.tag}` })),
  own('DELETE /realm/emoji/:emoji_name', (w) => ({ method: 'delete', path: `/realm/emoji/authznone${w.tag}` })),
  own('GET /user_groups', () => ({ method: 'get', path: '/user_groups' })),
  own('POST /user_groups/create', (w, role) => ({
    method: 'post',
    path: '/user_groups/create',
    params: { name: `authz ${role} ${w.tag}`, description: 'authz', members: [] },
  })),
  own('PATCH /user_groups/:user_group_id', (w) => ({
    method: 'patch',
    path: `/user_groups/${w.groupId}`,
    params: { description: 'authz group' },
  })),
  own('DELETE /user_groups/:user_group_id', () => ({ method: 'delete', path: '/user_groups/999999' })),
  own(
    'POST /user_groups/:user_group_id/members',
    (w) => ({ method: 'post', path: `/user_groups/${w.groupId}/members`, params: { add: [], delete: [] } }),
    {
      // Roles are checked before the (empty) arguments.
      expect: { others: err("Nothing to do. Specify at least one of 'add' or 'delete'."), ...HUMANS_ONLY },
    },
  ),
  own('GET /users/me/alert_words', () => ({ method: 'get', path: '/users/me/alert_words' })),
  own('POST /users/me/alert_words', () => ({ method: 'post', path: '/users/me/alert_words', params: { alert_words: ['authzplainword'] } })),
  own('DELETE /users/me/alert_words', () => ({
    method: 'delete',
    path: '/users/me/alert_words',
    params: { alert_words: ['authzplainword'] },
  })),
  // Each role mutes, then unmutes, the victim: a list of one's own.
  own('POST /users/me/muted_users/:muted_user_id', (w) => ({ method: 'post', path: `/users/me/muted_users/${w.userIds.victim}` })),
  own('DELETE /users/me/muted_users/:muted_user_id', (w) => ({ method: 'delete', path: `/users/me/muted_users/${w.userIds.victim}` })),
  own('POST /users/me/android_gcm_reg_id', (w) => ({
    method: 'post',
    path: '/users/me/android_gcm_reg_id',
    params: { token: `authz${w.tag}` },
  })),
  own('DELETE /users/me/android_gcm_reg_id', (w) => ({
    method: 'delete',
    path: '/users/me/android_gcm_reg_id',
    params: { token: `authz${w.tag}` },
  })),
  own('POST /users/me/apns_device_token', () => ({
    method: 'post',
    path: '/users/me/apns_device_token',
    params: { token: 'abcdef0123', appid: 'org.zulip.Zulip' },
  })),
  own('DELETE /users/me/apns_device_token', () => ({
    method: 'delete',
    path: '/users/me/apns_device_token',
    params: { token: 'abcdef0123' },
  })),
  // Each role's own subscription, at an endpoint of its own (one subscription per endpoint).
  own('POST /users/me/web_push_subscriptions', (w) => ({
    method: 'post',
    path: '/users/me/web_push_subscriptions',
    params: { endpoint: `https://push.example.net/authz${w.tag}`, p256dh: AUTHZ_P256DH, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  })),
  own('DELETE /users/me/web_push_subscriptions', (w) => ({
    method: 'delete',
    path: '/users/me/web_push_subscriptions',
    params: { endpoint: `https://push.example.net/authz${w.tag}` },
  })),
  // Only the caller's own rows change, whatever the narrow reaches.
  own('POST /messages/flags/narrow', () => ({
    method: 'post',
    path: '/messages/flags/narrow',
    params: { anchor: 'newest', num_before: 5, num_after: 0, narrow: [], op: 'add', flag: 'starred' },
  })),
  {
    route: 'PATCH /realm',
    object: 'realm',
    request: () => ({ method: 'patch', path: '/realm', params: { default_language: 'en' } }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  own('GET /realm/profile_fields', () => ({ method: 'get', path: '/realm/profile_fields' })),
  {
    route: 'POST /realm/profile_fields',
    object: 'realm',
    request: (w) => ({ method: 'post', path: '/realm/profile_fields', params: { name: `Authz ${w.tag}`, hint: '', field_type: 1 } }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  {
    route: 'DELETE /realm/profile_fields/:field_id',
    object: 'realm',
    request: () => ({ method: 'delete', path: '/realm/profile_fields/999999' }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  own('PATCH /users/me/profile_data', () => ({ method: 'patch', path: '/users/me/profile_data', params: { data: [] } })),
  ...profileAndDomainProbes,
];

const subscriptionProbes: Probe[] = [
  {
    route: 'GET /users/me/subscriptions',
    object: 'private stream',
    request: () => ({ method: 'get', path: '/users/me/subscriptions' }),
    expect: { others: OK },
  },
  {
    route: 'POST /users/me/subscriptions',
    object: 'private stream',
    request: (w) => ({ method: 'post', path: '/users/me/subscriptions', params: { subscriptions: [{ name: w.stream.name }] } }),
    // Zulip 2.1 refuses an invite-only stream to every non-subscriber, administrators included.
    expect: (w) => only(READERS, OK, jsonError(`Unable to access stream (${w.stream.name}).`)),
  },
  {
    route: 'DELETE /users/me/subscriptions',
    object: 'private stream',
    // Subscribers would leave it: they unsubscribe from a stream that does not exist instead.
    request: (w, role) => ({
      method: 'delete',
      path: '/users/me/subscriptions',
      params: { subscriptions: [READERS.includes(role) ? `authznowhere${w.tag}` : w.stream.name] },
    }),
    expect: only(READERS, HANDLED, OK),
  },
  {
    route: 'DELETE /users/me/subscriptions',
    object: 'private stream',
    label: "another subscriber's subscription",
    request: (w, role) => ({
      method: 'delete',
      path: '/users/me/subscriptions',
      params: { subscriptions: [w.stream.name], principals: [role === 'member' ? w.email.owner : w.email.member] },
    }),
    // Only an administrator removes others, from any stream; the owner's stream is no exception.
    expect: only(ADMIN, OK, jsonError('This action requires administrative rights')),
    destructiveFor: ADMIN,
  },
  {
    route: 'POST /users/me/subscriptions/properties',
    object: 'private stream',
    request: (w) => ({
      method: 'post',
      path: '/users/me/subscriptions/properties',
      params: { subscription_data: [{ stream_id: w.stream.id, property: 'color', value: '#76ce90' }] },
    }),
    expect: only(READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'PATCH /users/me/subscriptions/muted_topics',
    object: 'private stream',
    request: (w) => ({
      method: 'patch',
      path: '/users/me/subscriptions/muted_topics',
      params: { stream: w.stream.name, topic: w.stream.topic, op: 'add' },
    }),
    expect: (w) => only(READERS, OK, err(`Invalid stream name '${w.stream.name}'`)),
  },
  {
    route: 'POST /user_topics',
    object: 'private stream',
    request: (w) => ({
      method: 'post',
      path: '/user_topics',
      params: { stream_id: w.stream.id, topic: w.stream.topic, visibility_policy: 3 },
    }),
    expect: only(READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'GET /users/me/:stream_id/topics',
    object: 'private stream',
    request: (w) => ({ method: 'get', path: `/users/me/${w.stream.id}/topics` }),
    expect: only(READERS, OK, INVALID_STREAM_ID),
  },
  { route: 'GET /streams', object: 'private stream', request: () => ({ method: 'get', path: '/streams' }), expect: { others: OK } },
  {
    route: 'GET /streams',
    object: 'private stream',
    label: 'include_all_active',
    request: () => ({ method: 'get', path: '/streams', params: { include_all_active: true } }),
    expect: only(ADMIN, OK, err('User not authorized for this query')),
  },
  {
    route: 'GET /get_stream_id',
    object: 'private stream',
    request: (w) => ({ method: 'get', path: '/get_stream_id', params: { stream: w.stream.name } }),
    expect: (w) => only(READERS, OK, err(`Invalid stream name '${w.stream.name}'`)),
  },
  {
    route: 'PATCH /streams/:stream_id',
    object: 'private stream',
    request: (w) => ({ method: 'patch', path: `/streams/${w.stream.id}`, params: { description: `authzdescription${w.tag}` } }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
  },
  {
    route: 'DELETE /streams/:stream_id',
    object: 'private stream',
    request: (w) => ({ method: 'delete', path: `/streams/${w.stream.id}` }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
    destructiveFor: ADMIN,
  },
  {
    route: 'GET /streams/:stream_id',
    object: 'private stream',
    request: (w) => ({ method: 'get', path: `/streams/${w.stream.id}` }),
    expect: only([...READERS, 'admin'], OK, INVALID_STREAM_ID),
  },
  {
    route: 'GET /streams/:stream_id/members',
    object: 'private stream',
    request: (w) => ({ method: 'get', path: `/streams/${w.stream.id}/members` }),
    expect: only([...READERS, 'admin'], OK, INVALID_STREAM_ID),
  },
  {
    route: 'POST /default_streams',
    object: 'private stream',
    request: (w) => ({ method: 'post', path: '/default_streams', params: { stream_name: w.stream.name } }),
    // The administrator is refused access to the stream before its privacy is looked at.
    expect: (w) => only(ADMIN, err(`Invalid stream name '${w.stream.name}'`), ADMIN_ONLY),
  },
  {
    route: 'DELETE /default_streams',
    object: 'private stream',
    request: (w) => ({ method: 'delete', path: '/default_streams', params: { stream_name: w.stream.name } }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
];

/** A public stream the guest is not in: Zulip 2.1 treats it as private for guests. */
const guestProbes: Probe[] = [
  {
    route: 'GET /users/me/:stream_id/topics',
    object: 'public stream (guests)',
    request: (w) => ({ method: 'get', path: `/users/me/${w.publicStream.id}/topics` }),
    expect: only(PUBLIC_READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'GET /streams/:stream_id',
    object: 'public stream (guests)',
    request: (w) => ({ method: 'get', path: `/streams/${w.publicStream.id}` }),
    expect: only(PUBLIC_READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'GET /streams/:stream_id/members',
    object: 'public stream (guests)',
    request: (w) => ({ method: 'get', path: `/streams/${w.publicStream.id}/members` }),
    expect: only(PUBLIC_READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'GET /get_stream_id',
    object: 'public stream (guests)',
    request: (w) => ({ method: 'get', path: '/get_stream_id', params: { stream: w.publicStream.name } }),
    expect: (w) => only(PUBLIC_READERS, OK, err(`Invalid stream name '${w.publicStream.name}'`)),
  },
  {
    route: 'POST /mark_topic_as_read',
    object: 'public stream (guests)',
    request: (w) => ({
      method: 'post',
      path: '/mark_topic_as_read',
      params: { stream_id: w.publicStream.id, topic_name: w.publicStream.topic },
    }),
    // Those who never received the topic's messages have no such topic to mark.
    expect: only(PUBLIC_READERS, HANDLED, INVALID_STREAM_ID),
  },
  {
    route: 'POST /messages',
    object: 'public stream (guests)',
    request: (w) => ({
      method: 'post',
      path: '/messages',
      params: { type: 'stream', to: w.publicStream.name, topic: 'authz ping', content: 'authz ping' },
    }),
    expect: (w) => only(PUBLIC_READERS, OK, err(`Not authorized to send to stream '${w.publicStream.name}'`)),
  },
];

const messageRouteProbes: Probe[] = [
  {
    route: 'POST /messages',
    object: 'private stream',
    request: (w) => ({
      method: 'post',
      path: '/messages',
      params: { type: 'stream', to: w.stream.name, topic: 'authz ping', content: 'authz ping' },
    }),
    // A bot may send where its owner is subscribed (Zulip's access_stream_for_send_message).
    expect: (w) => only([...READERS, 'owner-bot'], OK, err(`Not authorized to send to stream '${w.stream.name}'`)),
  },
  ...fetchProbes,
  ...messageProbes({
    object: 'private stream messages',
    id: (w) => w.streamMessageId,
    content: (w) => w.streamMessageContent,
    readers: READERS,
  }),
  ...messageProbes({
    object: 'private messages',
    id: (w) => w.privateMessageId,
    content: (w) => w.privateMessageContent,
    readers: READERS,
  }),
  // Guests read only the streams they are in; everyone else may read any public stream's history.
  ...messageProbes({
    object: 'public stream messages',
    id: (w) => w.publicMessageId,
    content: (w) => w.publicMessageContent,
    readers: PUBLIC_READERS,
  }),
  own('POST /mark_all_as_read', () => ({ method: 'post', path: '/mark_all_as_read' })),
  {
    route: 'POST /mark_stream_as_read',
    object: 'private stream',
    request: (w) => ({ method: 'post', path: '/mark_stream_as_read', params: { stream_id: w.stream.id } }),
    expect: only(READERS, OK, INVALID_STREAM_ID),
  },
  {
    route: 'POST /mark_topic_as_read',
    object: 'private stream',
    request: (w) => ({ method: 'post', path: '/mark_topic_as_read', params: { stream_id: w.stream.id, topic_name: w.stream.topic } }),
    expect: only(READERS, OK, INVALID_STREAM_ID),
  },
  own('POST /messages/render', () => ({ method: 'post', path: '/messages/render', params: { content: 'authz **render**' } })),
  {
    route: 'POST /streams/:stream_id/delete_topic',
    object: 'private stream',
    request: (w) => ({ method: 'post', path: `/streams/${w.stream.id}/delete_topic`, params: { topic_name: w.stream.topic } }),
    // An administrator passes the role check and then meets the stream he cannot access.
    expect: only(ADMIN, INVALID_STREAM_ID, ADMIN_ONLY),
  },
  own('POST /typing', (w) => ({ method: 'post', path: '/typing', params: { to: [w.userIds.member], op: 'start' } })),
  own('GET /realm/filters', () => ({ method: 'get', path: '/realm/filters' })),
  {
    route: 'POST /realm/filters',
    object: 'realm',
    request: () => ({ method: 'post', path: '/realm/filters', params: { pattern: '(', url_format_string: 'https://x.example/%(id)s' } }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  {
    route: 'DELETE /realm/filters/:filter_id',
    object: 'realm',
    request: () => ({ method: 'delete', path: '/realm/filters/999999' }),
    expect: only(ADMIN, HANDLED, ADMIN_ONLY),
  },
  own('POST /user_uploads', () => ({ method: 'post', path: '/user_uploads', file: { name: 'authz.txt', content: 'authz plain' } })),
  {
    // The temporary URL (the mobile app's way to open a file), to the file's readers only.
    route: 'GET /user_uploads/:realm_id/*path',
    object: 'uploads',
    request: (w) => ({ method: 'get', path: `/user_uploads/${w.upload.pathId}` }),
    expect: only(READERS, OK, { kind: 'error', status: 403, msg: 'You are not authorized to view this file.', code: null }),
    after: (w, role, body) => {
      if (typeof body.url === 'string') w.upload.temporaryUrls[role] = body.url;
    },
  },
  {
    // Anyone holding a reader's temporary URL gets the file (that is what it is for); the others
    // present a reader's URL claimed for another user, which its signature refuses.
    route: 'GET root /user_uploads/temporary/:token/:filename',
    object: 'uploads',
    request: (w, role) => ({ method: 'get', root: true, path: w.upload.temporaryUrls[role] ?? claimedForAnother(w) }),
    expect: only(READERS, { kind: 'status', status: 200 }, err('Invalid token')),
  },
  { route: 'GET /attachments', object: 'uploads', request: () => ({ method: 'get', path: '/attachments' }), expect: { others: OK } },
  // An unsubscribe link's token is its credential: one whose signature was tampered with is refused
  // for everyone, logged in or not (test/digest.e2e.test.ts follows a valid one).
  {
    route: 'GET root /accounts/unsubscribe/:email_type/:token',
    object: 'own',
    request: () => ({ method: 'get', root: true, path: `/accounts/unsubscribe/digest/1.${'A'.repeat(43)}` }),
    expect: { others: { kind: 'status', status: 400 } },
  },
  {
    route: 'POST root /accounts/unsubscribe/:email_type/:token',
    object: 'own',
    request: () => ({ method: 'post', root: true, path: `/accounts/unsubscribe/digest/1.${'A'.repeat(43)}` }),
    expect: { others: { kind: 'status', status: 400 } },
  },
  {
    route: 'DELETE /attachments/:attachment_id',
    object: 'uploads',
    request: (w) => ({ method: 'delete', path: `/attachments/${w.upload.attachmentId}` }),
    expect: only(OWNER, OK, err('Invalid attachment')),
    destructiveFor: OWNER,
  },
];

const eventProbes: Probe[] = [
  { route: 'POST /register', object: 'events', request: () => ({ method: 'post', path: '/register' }), expect: { others: OK } },
  {
    route: 'POST /register',
    object: 'public stream messages',
    label: 'all_public_streams',
    request: () => ({ method: 'post', path: '/register', params: { all_public_streams: true } }),
    // A guest's queue may not take every public stream's messages.
    expect: { others: OK, guest: { kind: 'error', status: 400, msg: 'User not authorized for this query' } },
  },
  {
    route: 'GET /events',
    object: "others' queues",
    request: (w) => ({ method: 'get', path: '/events', params: { queue_id: w.ownerQueueId, last_event_id: -1, dont_block: true } }),
    expect: only(OWNER, OK, jsonError('You are not authorized to get events from this queue')),
  },
  {
    route: 'DELETE /events',
    object: "others' queues",
    request: (w) => ({ method: 'delete', path: '/events', params: { queue_id: w.ownerQueueId } }),
    expect: only(OWNER, OK, jsonError('You are not authorized to access this queue')),
    destructiveFor: OWNER,
  },
];

const INTEGRATIONS = Object.values(webhookEndpoints).map((integration) => integration.name);
/** Integrations that take HTTP Basic only (the service cannot send a key in the URL) refuse a caller without it. */
const NO_BASIC = { kind: 'error', status: 401, msg: 'Missing authorization header for basic auth', code: null } as const;
const anonymousAt = (name: string) =>
  Object.values(webhookEndpoints).find((e) => e.name === name)?.webhookAuth === 'basic' ? NO_BASIC : MISSING_API_KEY;
const MISSING_API_KEY = { kind: 'error', status: 400, msg: "Missing 'api_key' argument", code: 'REQUEST_VARIABLE_MISSING' } as const;

/** Trello's check of a hook's URL: any key is answered 200 (a HEAD answer has no body). */
const webhookConfirmationProbe: Probe = {
  route: 'HEAD /external/trello',
  object: 'own',
  request: (w, role) => ({ method: 'head', path: '/external/trello', query: { ...(w.apiKey[role] ? { api_key: w.apiKey[role] } : {}) } }),
  expect: { others: OK, anonymous: MISSING_API_KEY },
};

/** Webhooks authenticate by the api_key query parameter: each role uses its own key. */
const webhookProbes: Probe[] = INTEGRATIONS.map((name) => ({
  route: `POST /external/${name}`,
  object: name === 'helloworld' ? 'private stream' : 'own',
  request: (w, role) => ({
    method: 'post',
    path: `/external/${name}`,
    query: { ...(w.apiKey[role] ? { api_key: w.apiKey[role] } : {}), stream: w.stream.name },
    json: name === 'helloworld' ? { featured_title: 'Authz', featured_url: 'https://en.wikipedia.org/wiki/Authz' } : {},
  }),
  expect:
    name === 'helloworld'
      ? (w) => ({
          ...only([...READERS, 'owner-bot'], OK, err(`Not authorized to send to stream '${w.stream.name}'`)),
          anonymous: MISSING_API_KEY,
        })
      : { others: HANDLED, anonymous: anonymousAt(name) },
}));

/** Invitations: members and administrators invite; others' invitations are administrators'. */
const HUMAN_MEMBERS = { guest: err('Not allowed for guest users'), bot: NO_BOTS, 'owner-bot': NO_BOTS };
const NOT_ADMIN = jsonError('Must be an organization administrator');
const BAD_LINK = jsonError('The confirmation link has expired or been deactivated.');
const RESET_LINK_DEAD = jsonError('This password reset link has expired or has already been used. Ask for a new one.');
const TWO_FACTOR_OFF = err('Two-factor authentication is not enabled.');
const inviteProbes: Probe[] = [
  own('GET /invites', () => ({ method: 'get', path: '/invites' }), { expect: { others: OK, ...HUMAN_MEMBERS } }),
  {
    route: 'POST /invites',
    object: 'private stream',
    request: (w, role) => ({
      method: 'post',
      path: '/invites',
      params: { invitee_emails: `authz-${role}-${w.tag}@example.test`, stream_ids: [w.stream.id] },
    }),
    // Only the stream's subscribers may invite into it (access_stream_by_id); an administrator is not one.
    expect: (w) => ({
      ...only(READERS, OK, jsonError(`Stream does not exist with id: ${w.stream.id}. No invites were sent.`)),
      ...HUMAN_MEMBERS,
    }),
  },
  {
    route: 'POST /invites/:prereg_id/resend',
    object: "others' invitations",
    request: (w) => ({ method: 'post', path: `/invites/${w.inviteId}/resend` }),
    expect: { ...only([...OWNER, ...ADMIN], OK, NOT_ADMIN), ...HUMAN_MEMBERS },
  },
  {
    route: 'DELETE /invites/:prereg_id',
    object: "others' invitations",
    request: (w) => ({ method: 'delete', path: `/invites/${w.inviteId}` }),
    // The first of the two to run revokes it; the other finds nothing left.
    expect: { ...only([...OWNER, ...ADMIN], oneOf(OK, jsonError('No such invitation')), NOT_ADMIN), ...HUMAN_MEMBERS },
    destructiveFor: [...OWNER, ...ADMIN],
  },
  own('POST /invites/multiuse', () => ({ method: 'post', path: '/invites/multiuse', params: {} }), { expect: only(ADMIN, OK, ADMIN_ONLY) }),
  {
    route: 'DELETE /invites/multiuse/:invite_id',
    object: "the administrator's reusable link",
    request: (w) => ({ method: 'delete', path: `/invites/multiuse/${w.multiuseInviteId}` }),
    expect: only(ADMIN, OK, ADMIN_ONLY),
    destructiveFor: ADMIN,
  },
  // A key nobody was given opens nothing, whoever asks (browser only: /api/v1 has no such route).
  own('GET /signup/invitation', () => ({ method: 'get', path: '/signup/invitation', params: { key: 'abcdefghijklmnopqrstuvwx' } }), {
    expect: { others: BAD_LINK, anonymous: BAD_LINK },
  }),
  own(
    'POST /signup',
    () => ({
      method: 'post',
      path: '/signup',
      params: { key: 'abcdefghijklmnopqrstuvwx', full_name: 'Nobody Here', password: 'long enough' },
    }),
    {
      expect: { others: BAD_LINK, anonymous: BAD_LINK },
    },
  ),
  own(
    'POST /join',
    () => ({ method: 'post', path: '/join', params: { key: 'abcdefghijklmnopqrstuvwx', email: 'nobody-here@example.test' } }),
    {
      expect: { others: BAD_LINK, anonymous: BAD_LINK },
    },
  ),
  // The same answer for everyone (limited per address after two: handled either way); a token nobody was given sets nothing.
  own(
    'POST /accounts/password/reset',
    () => ({ method: 'post', path: '/accounts/password/reset', params: { email: 'nobody-here@example.test' } }),
    {
      expect: { others: HANDLED, anonymous: HANDLED },
    },
  ),
  own(
    'POST /accounts/password/reset/confirm',
    () => ({ method: 'post', path: '/accounts/password/reset/confirm', params: { token: 'not-a-token', new_password: 'long enough' } }),
    { expect: { others: RESET_LINK_DEAD, anonymous: RESET_LINK_DEAD } },
  ),
  // The caller's own two-factor: nobody in the world has it on, so the changes that need a code are refused before any is checked.
  own('GET /users/me/two_factor', () => ({ method: 'get', path: '/users/me/two_factor' }), { expect: { others: OK } }),
  own('POST /users/me/two_factor/begin', () => ({ method: 'post', path: '/users/me/two_factor/begin' }), { expect: { others: OK } }),
  own('POST /users/me/two_factor/confirm', () => ({ method: 'post', path: '/users/me/two_factor/confirm', params: { code: 'abc' } }), {
    expect: { others: err('Enter the 6-digit code your authenticator app shows.') },
  }),
  own(
    'POST /users/me/two_factor/recovery_codes',
    () => ({ method: 'post', path: '/users/me/two_factor/recovery_codes', params: { code: 'abc' } }),
    { expect: { others: TWO_FACTOR_OFF } },
  ),
  own('POST /users/me/api_key', () => ({ method: 'post', path: '/users/me/api_key', params: { password: 'wrong' } }), {
    expect: { others: err('Wrong password!') },
  }),
  own(
    'POST /users/me/two_factor/disable',
    () => ({ method: 'post', path: '/users/me/two_factor/disable', params: { password: 'wrong', code: 'abc' } }),
    { expect: { others: TWO_FACTOR_OFF } },
  ),
];

export const PROBES: Probe[] = [
  ...settingsProbes,
  ...inviteProbes,
  ...subscriptionProbes,
  ...messageRouteProbes,
  ...guestProbes,
  ...eventProbes,
  ...webhookProbes,
  webhookConfirmationProbe,
  ...surfaceProbes,
];
