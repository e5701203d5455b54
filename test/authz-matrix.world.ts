/**
 * The authorization matrix's world: who acts (one client per role), the private objects they act
 * on, and the secrets those objects hold, each with the roles allowed to see it. Every response
 * of the matrix is searched for the secrets its role may not see.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { encodeParam } from '@chat/contracts';
import { basicAuth } from '@chat/testing';

type Target = Parameters<typeof request>[0];

export const ROLES = ['admin', 'member', 'guest', 'bot', 'owner-bot', 'owner', 'outsider', 'anonymous'] as const;
export type Role = (typeof ROLES)[number];
/** Who may read a public stream's history without being in it: everyone but guests. */
export const PUBLIC_READERS: Role[] = ROLES.filter((r) => r !== 'guest' && r !== 'anonymous');

/**
 * The owner (hamlet) created the private stream, its message, the private message, the upload,
 * the bots and a queue. The member (othello) is subscribed and got the private message, so he
 * may read but owns nothing. The outsider (cordelia) is a member who is not subscribed; the
 * administrator (iago), the guest (polonius) and the bot (cordelia's generic bot) are not
 * subscribed either: in Zulip 2.1 an administrator does not read private streams he is not in.
 * The owner's bot is not subscribed: Zulip lets it post where its owner may (so it knows the
 * stream's name) but read only what it received.
 */
const HUMANS: Partial<Record<Role, string>> = {
  admin: 'iago@zulip.com',
  member: 'othello@zulip.com',
  guest: 'polonius@zulip.com',
  owner: 'hamlet@zulip.com',
  outsider: 'cordelia@zulip.com',
};

export interface Secret {
  name: string;
  value: string;
  /** Roles that may see it; every other role's responses must not contain it. */
  audience: Role[];
}

/** A browser's credentials under /json: its cookies and the CSRF token its page sends. */
export interface WebSession {
  cookie: string;
  csrf: string;
}

/** An Authorization header (under /api/v1), or a browser session (under /json). */
export type Credential = string | WebSession;

/** The prefixes the matrix runs under: API keys, and the web client's sessions. */
export const PREFIXES = ['/api/v1', '/json'] as const;
export type Prefix = (typeof PREFIXES)[number];

/** Bots have no password and no browser session: under /json only people act. */
export function rolesUnder(prefix: Prefix): readonly Role[] {
  return prefix === '/json' ? ROLES.filter((r) => r !== 'bot' && r !== 'owner-bot') : ROLES;
}

export interface World {
  target: Target;
  prefix: Prefix;
  /** Each role's credential (an anonymous browser under /json has only its CSRF cookie). */
  auth: Partial<Record<Role, Credential>>;
  apiKey: Partial<Record<Role, string>>;
  email: Partial<Record<Role, string>>;
  tag: string;
  stream: { id: number; name: string; topic: string };
  /** Denmark: public, and the guest is not in it. */
  publicStream: { id: number; name: string; topic: string };
  streamMessageId: number;
  streamMessageContent: string;
  privateMessageId: number;
  privateMessageContent: string;
  /** In Denmark, a public stream the guest is not in. */
  publicMessageId: number;
  publicMessageContent: string;
  /**
   * The owner's upload: its path id (`<realm_id>/<random>/notes.txt`, linked at `/user_uploads/<pathId>`)
   * and attachment id; the temporary URLs each role was given for it (GET /user_uploads/... under
   * the prefix), filled in as the matrix runs.
   */
  upload: { pathId: string; attachmentId: number; temporaryUrls: Partial<Record<Role, string>> };
  userIds: { owner: number; member: number; victim: number };
  bots: { secret: { id: number; email: string }; forOwnerToDelete: number; forAdminToDelete: number };
  ownerQueueId: string;
  /** Each role's own queue, registered before any private content existed. */
  queues: Partial<Record<Role, string>>;
  /** The outsider's queue for every public stream, narrowed to the private stream by name. */
  narrowedQueue: string;
  /** The guest's queue narrowed to a public stream the guest is not in. */
  guestNarrowedQueue: string;
  groupId: number;
  /** The owner's pending e-mail invitation, and a reusable link the administrator made. */
  inviteId: number;
  multiuseInviteId: number;
  secrets: Secret[];
}

export interface Req {
  method: 'get' | 'head' | 'post' | 'patch' | 'put' | 'delete';
  /** Under the credential's prefix unless it starts with /api/ or the request is `root`. */
  path: string;
  /** A path from the server's root (the files messages link), with the credential as it is. */
  root?: boolean;
  params?: Record<string, unknown>;
  /** Sent in the query string whatever the method (webhooks). */
  query?: Record<string, string>;
  json?: unknown;
  file?: { name: string; content: string };
}

/** Zulip's encoding: strings as they are, everything else JSON. */
function encode(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeParam(v)]));
}

export function send(target: Target, auth: Credential | undefined, req: Req) {
  const web = typeof auth === 'object';
  const absolute = req.path.startsWith('/api/') || req.root === true;
  const url = absolute ? req.path : `${web ? '/json' : '/api/v1'}${req.path}`;
  let r = request(target)[req.method](url).timeout(20000);
  if (typeof auth === 'string') r = r.set('Authorization', auth);
  if (web) r = r.set('Cookie', auth.cookie).set('X-CSRFToken', auth.csrf);
  if (req.query) r = r.query(req.query);
  if (req.file) return r.attach('file', Buffer.from(req.file.content), req.file.name);
  if (req.json !== undefined) return r.set('Content-Type', 'application/json').send(JSON.stringify(req.json));
  const params = encode(req.params ?? {});
  return req.method === 'get' || req.method === 'head' ? r.query(params) : r.type('form').send(params);
}

async function ok(target: Target, auth: string | undefined, req: Req): Promise<Record<string, unknown>> {
  const res = await send(target, auth, req);
  if (res.status !== 200) throw new Error(`${req.method} ${req.path}: ${res.status} ${res.text}`);
  return res.body as Record<string, unknown>;
}

export async function devLogin(target: Target, email: string): Promise<{ email: string; apiKey: string }> {
  const body = await ok(target, undefined, { method: 'post', path: '/dev_fetch_api_key', params: { username: email } });
  return { email: body.email as string, apiKey: body.api_key as string };
}

async function userId(target: Target, auth: string, email: string): Promise<number> {
  const body = await ok(target, auth, { method: 'get', path: '/users' });
  const found = (body.members as { email: string; user_id: number }[]).find((m) => m.email === email);
  if (!found) throw new Error(`no user ${email}`);
  return found.user_id;
}

async function createBot(target: Target, auth: string, shortName: string) {
  const body = await ok(target, auth, {
    method: 'post',
    path: '/bots',
    params: { full_name: `Authz ${shortName}`, short_name: shortName, bot_type: 1 },
  });
  const id = body.user_id as number;
  const members = (await ok(target, auth, { method: 'get', path: '/users' })).members as { email: string; user_id: number }[];
  return { id, email: members.find((m) => m.user_id === id)!.email, apiKey: body.api_key as string };
}

/** The cookies a browser holds after the development login, as Set-Cookie gave them. */
async function webSession(target: Target, email: string): Promise<WebSession> {
  const anonymous = { cookie: 'csrftoken=matrix', csrf: 'matrix' };
  const res = await send(target, anonymous, { method: 'post', path: '/dev_login', params: { username: email } });
  if (res.status !== 200) throw new Error(`dev_login ${email}: ${res.status} ${res.text}`);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
  const csrf = set.find((c) => c.startsWith('csrftoken='))!.slice('csrftoken='.length);
  return { cookie: set.join('; '), csrf };
}

export async function buildWorld(target: Target, prefix: Prefix = '/api/v1'): Promise<World> {
  const tag = randomBytes(4).toString('hex');
  const world = { target, prefix, auth: {}, apiKey: {}, email: {}, queues: {}, tag } as World;
  for (const [role, address] of Object.entries(HUMANS) as [Role, string][]) {
    const { email, apiKey } = await devLogin(target, address);
    world.auth[role] = basicAuth(email, apiKey);
    world.apiKey[role] = apiKey;
    world.email[role] = email;
  }
  // The objects are made with API keys; under /json the people then act through browser sessions.
  const as = (role: Role) => world.auth[role] as string;
  const actingBot = await createBot(target, as('outsider'), `authzactor${tag}`);
  const ownersBot = await createBot(target, as('owner'), `authzownersbot${tag}`);
  for (const [role, bot] of [
    ['bot', actingBot],
    ['owner-bot', ownersBot],
  ] as const) {
    world.auth[role] = basicAuth(bot.email, bot.apiKey);
    world.apiKey[role] = bot.apiKey;
    world.email[role] = bot.email;
  }

  // Queues first, so that every event about the private objects could reach them.
  for (const role of ROLES.filter((r) => r !== 'anonymous')) {
    const params: Record<string, unknown> = role === 'admin' ? { all_public_streams: true } : {};
    world.queues[role] = (await ok(target, as(role), { method: 'post', path: '/register', params })).queue_id as string;
  }
  world.ownerQueueId = world.queues.owner!;

  const stream = { name: `authzstreamname${tag}`, topic: `authztopic${tag}`, id: 0 };
  world.narrowedQueue = (
    await ok(target, as('outsider'), {
      method: 'post',
      path: '/register',
      params: { all_public_streams: true, narrow: [['stream', stream.name]] },
    })
  ).queue_id as string;
  world.guestNarrowedQueue = (
    await ok(target, as('guest'), { method: 'post', path: '/register', params: { narrow: [['stream', 'Denmark']] } })
  ).queue_id as string;
  await ok(target, as('owner'), {
    method: 'post',
    path: '/users/me/subscriptions',
    params: {
      subscriptions: [{ name: stream.name, description: `authzdescription${tag}` }],
      invite_only: true,
      principals: [world.email.owner, world.email.member],
    },
  });
  stream.id = (await ok(target, as('owner'), { method: 'get', path: '/get_stream_id', params: { stream: stream.name } }))
    .stream_id as number;
  world.stream = stream;

  const uploaded = await ok(target, as('owner'), {
    method: 'post',
    path: '/user_uploads',
    file: { name: 'notes.txt', content: `authzfile${tag}` },
  });
  const uri = uploaded.uri as string;
  world.streamMessageContent = `authzstreammsg${tag} [notes.txt](${uri})`;
  world.streamMessageId = (
    await ok(target, as('owner'), {
      method: 'post',
      path: '/messages',
      params: { type: 'stream', to: stream.name, topic: stream.topic, content: world.streamMessageContent },
    })
  ).id as number;
  world.privateMessageContent = `authzpm${tag}`;
  world.privateMessageId = (
    await ok(target, as('owner'), {
      method: 'post',
      path: '/messages',
      params: { type: 'private', to: [world.email.member], content: world.privateMessageContent },
    })
  ).id as number;
  world.publicStream = {
    name: 'Denmark',
    topic: `authzpublictopic${tag}`,
    id: (await ok(target, as('owner'), { method: 'get', path: '/get_stream_id', params: { stream: 'Denmark' } })).stream_id as number,
  };
  world.publicMessageContent = `authzpublic${tag}`;
  world.publicMessageId = (
    await ok(target, as('owner'), {
      method: 'post',
      path: '/messages',
      params: { type: 'stream', to: 'Denmark', topic: world.publicStream.topic, content: world.publicMessageContent },
    })
  ).id as number;
  const attachments = (await ok(target, as('owner'), { method: 'get', path: '/attachments' })).attachments as {
    id: number;
    path_id: string;
  }[];
  const attachment = attachments.find((a) => uri === `/user_uploads/${a.path_id}`)!;
  world.upload = { pathId: attachment.path_id, attachmentId: attachment.id, temporaryUrls: {} };

  const secretBot = await createBot(target, as('owner'), `authzsecret${tag}`);
  world.bots = {
    secret: { id: secretBot.id, email: secretBot.email },
    forOwnerToDelete: (await createBot(target, as('owner'), `authzdisposea${tag}`)).id,
    forAdminToDelete: (await createBot(target, as('owner'), `authzdisposeb${tag}`)).id,
  };
  world.userIds = {
    owner: await userId(target, as('owner'), world.email.owner!),
    member: await userId(target, as('owner'), world.email.member!),
    victim: await userId(target, as('owner'), 'prospero@zulip.com'),
  };
  const groups = (await ok(target, as('owner'), { method: 'get', path: '/user_groups' })).user_groups as { id: number }[];
  world.groupId = groups[0]!.id;
  const invitee = `authzinvitee${tag}@example.test`;
  await ok(target, as('owner'), {
    method: 'post',
    path: '/invites',
    params: { invitee_emails: invitee, stream_ids: [world.publicStream.id] },
  });
  const ownInvites = (await ok(target, as('owner'), { method: 'get', path: '/invites' })).invites as {
    id: number;
    email?: string;
    link_url?: string;
  }[];
  world.inviteId = ownInvites.find((i) => i.email === invitee)!.id;
  const inviteLink = (await ok(target, as('admin'), { method: 'post', path: '/invites/multiuse', params: {} })).invite_link as string;
  const allInvites = (await ok(target, as('admin'), { method: 'get', path: '/invites' })).invites as { id: number; link_url?: string }[];
  world.multiuseInviteId = allInvites.find((i) => i.link_url === inviteLink)!.id;

  const readers: Role[] = ['owner', 'member'];
  world.secrets = [
    { name: 'private stream message', value: `authzstreammsg${tag}`, audience: readers },
    { name: 'private stream topic', value: stream.topic, audience: readers },
    { name: 'private message', value: `authzpm${tag}`, audience: readers },
    { name: 'uploaded file', value: `authzfile${tag}`, audience: readers },
    // Guests read only the streams they are in.
    { name: 'public stream message', value: world.publicMessageContent, audience: PUBLIC_READERS },
    { name: 'public stream topic', value: world.publicStream.topic, audience: PUBLIC_READERS },
    // Zulip 2.1 shows administrators every stream (GET /streams?include_all_active, /register).
    { name: 'private stream name', value: stream.name, audience: [...readers, 'admin', 'owner-bot'] },
    { name: 'private stream description', value: `authzdescription${tag}`, audience: [...readers, 'admin'] },
    // GET /bots gives an administrator every bot of the realm with its key, as Zulip 2.1 does.
    { name: "owner's bot API key", value: secretBot.apiKey, audience: ['owner', 'admin'] },
    // Administrators see every pending invitation, others their own.
    { name: "owner's invitee", value: `authzinvitee${tag}`, audience: ['owner', 'admin'] },
    { name: 'reusable invitation link', value: /\/join\/([a-z0-9]+)\//.exec(inviteLink)![1]!, audience: ['admin'] },
  ];
  if (prefix === '/json') {
    for (const role of Object.keys(HUMANS) as Role[]) world.auth[role] = await webSession(target, world.email[role]!);
    world.auth.anonymous = { cookie: 'csrftoken=anonymous', csrf: 'anonymous' };
  }
  return world;
}

/** After a role regenerated its own key, its later requests use the new one (a session is not a key). */
export function useNewKey(world: World, role: Role, apiKey: string): void {
  if (typeof world.auth[role] !== 'object') world.auth[role] = basicAuth(world.email[role]!, apiKey);
  world.apiKey[role] = apiKey;
}
