/**
 * Reconnect storm: 2,000 registered clients lose their queues when Redis
 * restarts without its data, each gets BAD_EVENT_QUEUE_ID on its next poll, and all register again
 * at once. Every one must be served (0 errors) and its new queue must work. The realm-wide part of
 * the initial state comes from the per-process cache and each replica reads at most
 * REGISTER_CONCURRENCY snapshots at a time, so the storm neither rebuilds the realm 2,000 times
 * nor exhausts the database pool. Distributed topology with a private Redis (never the shared
 * one), real PostgreSQL and NATS. The time is printed, never asserted.
 */
import { Agent, request as httpRequest } from 'node:http';
import { basicAuth, startPrivateRedis, waitFor, type PrivateBroker } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

const CLIENTS = 2000;
const USERS = [
  'hamlet@zulip.com',
  'othello@zulip.com',
  'iago@zulip.com',
  'prospero@zulip.com',
  'cordelia@zulip.com',
  'aaron@zulip.com',
  'ZOE@zulip.com',
  'polonius@zulip.com',
];
// The initial state a client reconnecting asks for: the realm-wide pieces (cached) and the per-user ones.
const STATE = [
  'realm',
  'realm_user',
  'realm_emoji',
  'realm_filters',
  'custom_profile_fields',
  'realm_user_groups',
  'default_streams',
  'message',
  'update_message_flags',
  'subscription',
  'stream',
  'pointer',
  'muted_topics',
  'zulip_version',
];
const REGISTER = {
  apply_markdown: 'true',
  client_gravatar: 'true',
  event_types: JSON.stringify(['message']),
  fetch_event_types: JSON.stringify(STATE),
};

// Only a hang fails this way: the time is printed, not asserted. The cluster runs inside the jest
// process, which in the full in-band run carries the heap of every suite before this one; there
// the storm alone has taken 65 s, and the whole test past 120 s.
jest.setTimeout(300_000);

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

interface Client {
  auth: string;
  queueId: string;
}

// Clients share keep-alive connections, as a load balancer in front of the gateway would.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function call(baseUrl: string, method: 'GET' | 'POST', path: string, auth: string, params: Record<string, string>): Promise<Reply> {
  const form = new URLSearchParams(params).toString();
  const url = new URL(`/api/v1${path}${method === 'GET' ? `?${form}` : ''}`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, agent, headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    if (method === 'POST') req.end(form);
    else req.end();
  });
}

describe('reconnect storm', () => {
  let redis: PrivateBroker;
  let cluster: DistributedCluster;
  let auths: string[];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    cluster = await startDistributedCluster({ configOverrides: { redisUrl: redis.url } });
    auths = [];
    for (const email of USERS) {
      const res = await call(cluster.gatewayUrl, 'POST', '/dev_fetch_api_key', '', { username: email });
      auths.push(basicAuth(String(res.body.email), String(res.body.api_key)));
    }
  });

  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
    agent.destroy();
  });

  async function registerAll(
    clients: { auth: string }[],
    params: Record<string, string>,
  ): Promise<{ registered: Client[]; errors: Reply[] }> {
    const replies = await Promise.all(clients.map((c) => call(cluster.gatewayUrl, 'POST', '/register', c.auth, params)));
    const errors = replies.filter((r) => r.status !== 200 || typeof r.body.queue_id !== 'string');
    const registered = replies.map((r, i) => ({ auth: clients[i]!.auth, queueId: String(r.body.queue_id) }));
    return { registered, errors };
  }

  it(`serves ${CLIENTS} clients re-registering at once after Redis lost the queues`, async () => {
    // The first registrations only set the scene: queues without initial state.
    const first = await registerAll(
      Array.from({ length: CLIENTS }, (_, i) => ({ auth: auths[i % auths.length]! })),
      { event_types: REGISTER.event_types, fetch_event_types: '[]' },
    );
    expect(first.errors).toEqual([]);

    await redis.restart();

    // Each client's next poll: the queue is gone, Zulip's exact answer.
    const polls = await Promise.all(
      first.registered.map((c) =>
        call(cluster.gatewayUrl, 'GET', '/events', c.auth, { queue_id: c.queueId, last_event_id: '-1', dont_block: 'true' }),
      ),
    );
    const unexpected = polls.filter(
      (r, i) =>
        r.status !== 400 ||
        JSON.stringify(r.body) !==
          JSON.stringify({
            result: 'error',
            msg: `Bad event queue id: ${first.registered[i]!.queueId}`,
            code: 'BAD_EVENT_QUEUE_ID',
            queue_id: first.registered[i]!.queueId,
          }),
    );
    expect(unexpected).toEqual([]);

    const started = performance.now();
    const storm = await registerAll(first.registered, REGISTER);
    const elapsed = Math.round(performance.now() - started);
    console.log(`reconnect storm: ${CLIENTS} clients re-registered in ${elapsed} ms, ${storm.errors.length} errors`);
    expect(storm.errors).toEqual([]);
    expect(new Set(storm.registered.map((c) => c.queueId)).size).toBe(CLIENTS);

    // A group private message to all eight users reaches every one of the 2,000 new queues.
    const [hamlet, ...others] = USERS;
    const sent = await call(cluster.gatewayUrl, 'POST', '/messages', auths[0]!, {
      type: 'private',
      to: JSON.stringify(others),
      content: `after the storm (${hamlet})`,
    });
    expect(sent.status).toBe(200);
    const waiting = new Set(storm.registered);
    await waitFor(
      async () => {
        const answers = await Promise.all(
          [...waiting].map(async (c) => ({
            c,
            r: await call(cluster.gatewayUrl, 'GET', '/events', c.auth, { queue_id: c.queueId, last_event_id: '-1', dont_block: 'true' }),
          })),
        );
        for (const { c, r } of answers) {
          const events = (r.body.events ?? []) as { type: string; message?: { id: number } }[];
          if (events.some((e) => e.type === 'message' && e.message?.id === sent.body.id)) waiting.delete(c);
        }
        return waiting.size === 0;
      },
      30_000,
      { stepMs: 200 },
    );
    console.log(`reconnect storm: the message after the storm reached ${CLIENTS - waiting.size} of ${CLIENTS} new queues`);
  });
});
