/**
 * The authorization matrix (issue 10, item 4): every route of the gateway's table, sent by every
 * role (administrator, member, guest, bot, the object's owner, a non-subscriber, no credentials)
 * at the objects another user owns: a private stream and its messages, a private message, an
 * upload, bots and their keys, an event queue, another user. Each case must get Zulip 2.1's
 * answer, and no answer, nor any event reaching a role's own queue, may carry a secret that role
 * may not see (unique markers in the messages, topic, file, stream name and bot key).
 */
import { ROUTES } from '@chat/gateway-service';
import { waitFor, STORAGE_BACKENDS } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';
import { buildWorld, PREFIXES, rolesUnder, send, type Prefix, type Req, type Role, type World } from './authz-matrix.world';
import { NOT_LOGGED_IN, mismatch, type Expect, type Probe } from './authz-matrix.expect';
import { PROBES } from './authz-matrix.cases';

jest.setTimeout(120_000);

/** `GET /messages`; a route served from the root (the files messages link) is `GET root /user_uploads/...`. */
const routeKey = (route: { method: string; path: string; root?: boolean }) => `${route.method} ${route.root ? 'root ' : ''}${route.path}`;
const ROUTE_BY_KEY = new Map(ROUTES.map((route) => [routeKey(route), route]));
/** A browser-session route (logging in and out) does not exist under /api/v1. */
const NOT_FOUND: Expect = { kind: 'error', status: 404, msg: 'Not Found' };

interface Case {
  probe: Probe;
  role: Role;
}

/** Every probe with every role it applies to under the prefix; cases that change a shared object run last. */
function cases(prefix: Prefix): Case[] {
  const roles = rolesUnder(prefix);
  const all = PROBES.flatMap((probe) => (probe.roles ?? roles).filter((role) => roles.includes(role)).map((role) => ({ probe, role })));
  const destroys = (c: Case) => (c.probe.destructiveFor ?? []).includes(c.role);
  return [...all.filter((c) => !destroys(c)), ...all.filter(destroys)];
}

/** A HEAD answer has no body: only its status can be compared. */
function statusOnly(expect: Expect): Expect {
  if (expect.kind === 'success') return { kind: 'status', status: 200 };
  if (expect.kind === 'error') return { kind: 'status', status: expect.status };
  return expect;
}

function expectationFor(world: World, c: Case): Expect {
  const expected = expectationWithBody(world, c);
  return ROUTE_BY_KEY.get(c.probe.route)?.method === 'HEAD' ? statusOnly(expected) : expected;
}

function expectationWithBody(world: World, { probe, role }: Case): Expect {
  const route = ROUTE_BY_KEY.get(probe.route);
  if (route?.webOnly && world.prefix === '/api/v1') return NOT_FOUND;
  // Incoming webhooks are integrations' (Zulip serves them only under /api/v1).
  if (route?.auth === 'webhook' && world.prefix === '/json') return NOT_FOUND;
  const map = typeof probe.expect === 'function' ? probe.expect(world) : probe.expect;
  const given = map[role];
  if (given) return given;
  if (role === 'anonymous' && route?.auth === 'user') return NOT_LOGGED_IN;
  return map.others;
}

/** Names of the secrets in `text` that the role may see: the positive control of the grep. */
function allowedSightings(world: World, role: Role, text: string): string[] {
  return world.secrets.filter((s) => s.audience.includes(role) && text.includes(s.value)).map((s) => s.name);
}

/** Secrets the role may not see, leaving out those the request itself carried (an echo reveals nothing). */
function leaks(world: World, role: Role, text: string, req?: Req): string[] {
  const sent = req ? JSON.stringify(req) : '';
  return world.secrets.filter((s) => !s.audience.includes(role) && !sent.includes(s.value) && text.includes(s.value)).map((s) => s.name);
}

describe('authorization matrix rows', () => {
  it('has a probe for every route of the gateway and no probe for a route it lacks', () => {
    const routes = new Set(ROUTES.map(routeKey));
    const probed = new Set(PROBES.map((p) => p.route));
    expect([...routes].filter((r) => !probed.has(r))).toEqual([]);
    expect([...probed].filter((r) => !routes.has(r))).toEqual([]);
  });
});

describeBothTopologies(
  'authorization matrix',
  (env) => {
    describe.each(PREFIXES)('under %s', (prefix) => matrix(env, prefix));
  },
  {},
  { storage: STORAGE_BACKENDS },
);

function matrix(env: () => TopologyEnv, prefix: Prefix): void {
  let world: World;
  const problems: string[] = [];
  const sighted = new Set<string>();
  let requests = 0;

  beforeAll(async () => {
    world = await buildWorld(env().target, prefix);
  });

  it('answers every role as Zulip 2.1 does and shows no one what they may not see', async () => {
    for (const c of cases(prefix)) {
      const req = c.probe.request(world, c.role);
      const res = await send(world.target, world.auth[c.role], req);
      requests += 1;
      const body =
        typeof res.body === 'object' && res.body !== null && !Buffer.isBuffer(res.body) ? (res.body as Record<string, unknown>) : undefined;
      const text = res.text ?? (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : '');
      const name = `${c.probe.route}${c.probe.label ? ` [${c.probe.label}]` : ''} as ${c.role}`;
      const wrong = mismatch(expectationFor(world, c), { status: res.status, text, body });
      if (wrong) problems.push(`${name}: ${wrong}; got ${res.status} ${text.slice(0, 200)}`);
      for (const leak of leaks(world, c.role, text, req)) problems.push(`${name}: LEAK of ${leak}`);
      if (body) c.probe.after?.(world, c.role, body);
      for (const secret of allowedSightings(world, c.role, text)) sighted.add(secret);
    }
    expect(problems).toEqual([]);
    // Every secret did reach someone allowed to see it, so its absence elsewhere means something.
    expect(world.secrets.map((s) => s.name).filter((n) => !sighted.has(n))).toEqual([]);
  });

  it("delivers to no role's own queue an event it may not see", async () => {
    // A public message sent last: once every queue has it, every earlier event was routed.
    const sentinel = `authz sentinel ${world.tag}`;
    const owner = world.auth.owner;
    const sentinelSent = await send(world.target, owner, {
      method: 'post',
      path: '/messages',
      params: { type: 'stream', to: 'Verona', topic: 'authz', content: sentinel },
    });
    expect(sentinelSent.status).toBe(200);
    const watched = [
      ...(['admin', 'member', 'guest', 'outsider'] as Role[]).map((role) => ({ role, queueId: world.queues[role]!, text: '', events: 0 })),
      { role: 'outsider' as Role, queueId: world.narrowedQueue, text: '', events: 0 },
      { role: 'guest' as Role, queueId: world.guestNarrowedQueue, text: '', events: 0 },
    ];
    await waitFor(
      async () => {
        for (const q of watched) {
          const res = await send(world.target, world.auth[q.role], {
            method: 'get',
            path: '/events',
            params: { queue_id: q.queueId, last_event_id: -1, dont_block: true },
          });
          requests += 1;
          q.text = res.text;
          q.events = (res.body.events as unknown[] | undefined)?.length ?? 0;
        }
        // The narrowed queues take no Verona message: their check is that they hold nothing secret.
        const narrowed = [world.narrowedQueue, world.guestNarrowedQueue];
        return watched.every((q) => narrowed.includes(q.queueId) || q.text.includes(sentinel));
      },
      20_000,
      { stepMs: 100 },
    );
    // The bots are in no stream and got no private message: their queues are searched as they stand.
    const bots = [];
    for (const role of (['bot', 'owner-bot'] as Role[]).filter((r) => rolesUnder(prefix).includes(r))) {
      const res = await send(world.target, world.auth[role], {
        method: 'get',
        path: '/events',
        params: { queue_id: world.queues[role]!, last_event_id: -1, dont_block: true },
      });
      requests += 1;
      expect(res.status).toBe(200);
      bots.push({ role, text: res.text, events: (res.body.events as unknown[]).length });
    }
    // The member's queue is the positive control: the markers do reach those allowed to see them.
    expect(watched.find((q) => q.role === 'member')!.text).toContain(`authzstreammsg${world.tag}`);
    const queues = [...watched, ...bots];
    const found = queues.flatMap((q) => leaks(world, q.role, q.text).map((l) => `${q.role}'s queue: ${l}`));
    expect(found).toEqual([]);

    const objects = new Set(PROBES.map((p) => p.object));
    const routes = new Set(PROBES.map((p) => p.route));
    console.log(
      `authorization matrix (${env().name}, ${prefix}): ${requests} requests, ${rolesUnder(prefix).length} roles, ${routes.size} endpoints, ` +
        `${PROBES.length} probes, ${objects.size} object kinds, ${queues.reduce((n, q) => n + q.events, 0)} events in ${queues.length} ` +
        `queues, ${found.length + problems.filter((p) => p.includes('LEAK')).length} leaks`,
    );
  });
}
