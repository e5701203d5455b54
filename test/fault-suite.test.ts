/**
 * The fault suite (issue 10 item 1): the distributed topology as real processes on PostgreSQL and
 * private NATS and Redis, under a steady load of sends with every user's queue being long-polled,
 * all of it as real clients do: HTTP Basic API keys, through the ingress (sends via the gateway,
 * /register and /events straight to the event tier). In turn: kill -9 an event-queue replica,
 * kill -9 the message service, kill -9 the gateway, restart NATS with its
 * storage, restart Redis (its queues are lost), and once restart NATS without its storage
 * (recovery by replay from the outbox). Then, from the database: every send answered with success
 * is stored once, no send answered with an error is stored, every live queue got every message
 * meant for it exactly once and in publish order, and queues whose state was lost said
 * BAD_EVENT_QUEUE_ID (Zulip's exact body) and their clients registered again.
 */
import { randomBytes } from 'node:crypto';
import { waitFor, WaitTimeout } from '@chat/testing';
import { auditQueues, auditSends, expectedFor } from './faults/audit';
import { startFaultCluster, type FaultCluster } from './faults/cluster';
import { LoadGenerator } from './faults/load';
import { Pollers } from './faults/pollers';

// The whole suite stays under 3 minutes: setup 60 s, the run 100 s (six faults, settling at most
// 30 s), teardown 20 s.
jest.setTimeout(100_000);
/** How long the live queues may take to catch up after the last fault before the audit counts gaps. */
const SETTLE_MS = 30_000;

const POLLED = ['hamlet@zulip.com', 'othello@zulip.com', 'iago@zulip.com', 'cordelia@zulip.com'];
const SENDERS = ['hamlet@zulip.com', 'othello@zulip.com', 'iago@zulip.com'];
/** How much of the load runs between two faults (sends answered), so each recovery happens under load. */
const SENDS_BETWEEN_FAULTS = 30;
/** How much of it runs while an event-queue replica is down. */
const SENDS_WHILE_REPLICA_DOWN = 10;

let cluster: FaultCluster;
const apiKeys = new Map<string, string>();
const headersFor = (email: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${apiKeys.get(email)!}`).toString('base64')}`,
});
/** The database's clock, the one published_at is written with. */
const dbNow = async () => new Date((await cluster.query<{ now: Date }>('SELECT now() AS now'))[0]!.now);

beforeAll(async () => {
  cluster = await startFaultCluster();
  // Each user's key as a development client gets it: through the ingress and the gateway.
  for (const email of POLLED) {
    const response = await fetch(`${cluster.ingressUrl}/api/v1/dev_fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { api_key?: string };
    if (response.status !== 200 || !body.api_key) throw new Error(`no API key for ${email}: ${JSON.stringify(body)}`);
    apiKeys.set(email, body.api_key);
  }
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
}, 20_000);

/** Waits until every live queue holds everything expected of it (bounded: the audit then counts gaps). */
async function settled(pollers: Pollers): Promise<void> {
  const nothingMissing = async () => {
    let missing = 0;
    for (const log of pollers.live()) {
      const got = new Set(log.received);
      missing += (await expectedFor(cluster.query, log)).filter((id) => !got.has(id)).length;
    }
    return missing === 0;
  };
  await waitFor(nothingMissing, SETTLE_MS, { stepMs: 500 }).catch((err: unknown) => {
    if (!(err instanceof WaitTimeout)) throw err;
  });
}

/** Lets the load run on until `sends` more sends have been answered. */
async function loadRuns(load: LoadGenerator, sends: number): Promise<void> {
  const target = load.outcomes.length + sends;
  await waitFor(() => load.outcomes.length >= target, 30_000, { stepMs: 20, what: `${sends} more sends answered` });
}

it('loses, duplicates and reorders nothing through replica, service and broker failures', async () => {
  const runId = randomBytes(4).toString('hex');
  const [replicaA] = cluster.eventQueues;
  const pollers = new Pollers(cluster.ingressUrl, headersFor);
  await pollers.start(POLLED);
  const load = new LoadGenerator({
    baseUrl: cluster.ingressUrl,
    headersFor,
    senders: SENDERS,
    recipients: ['cordelia@zulip.com', 'othello@zulip.com', 'hamlet@zulip.com'],
    stream: 'Denmark',
    runId,
  });
  load.start();
  let wipedAt = new Date(8.64e15);
  const faults: [string, () => Promise<void>][] = [
    [
      'kill -9 an event-queue replica',
      async () => {
        await replicaA.kill();
        await loadRuns(load, SENDS_WHILE_REPLICA_DOWN);
        await replicaA.start();
      },
    ],
    [
      'kill -9 the message service',
      async () => {
        await cluster.message.kill();
        await cluster.message.start();
      },
    ],
    // Requests in flight through it lose their connection; while it is down the ingress says 502.
    [
      'kill -9 the gateway',
      async () => {
        await cluster.gateway.kill();
        await cluster.gateway.start();
      },
    ],
    ['restart NATS (kill -9, storage kept)', () => cluster.nats.restart()],
    ['restart Redis (queues lost)', () => cluster.redis.restart()],
    [
      'restart NATS without its storage (replay)',
      async () => {
        wipedAt = await dbNow();
        await cluster.nats.restart({ wipe: true });
      },
    ],
  ];
  try {
    await loadRuns(load, SENDS_BETWEEN_FAULTS);
    for (const [name, fault] of faults) {
      const sentBefore = load.outcomes.length;
      await fault();
      await loadRuns(load, SENDS_BETWEEN_FAULTS);
      console.log(`fault suite: ${name}: ${load.outcomes.length - sentBefore} sends answered meanwhile`);
    }
  } finally {
    await load.stop();
  }
  await settled(pollers);
  await pollers.stop();

  const sends = await auditSends(cluster.query, runId, load.outcomes);
  const queues = await auditQueues(cluster.query, pollers.queues, pollers.live());
  // Published before the wipe and published again after it: only a replay does that.
  const [replay] = await cluster.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE created_at < $1 AND published_at > $1', [
    new Date(wipedAt.getTime() - 1_000),
  ]);
  const replayed = Number(replay?.n ?? 0);
  console.log(
    `fault suite: sends ok=${sends.ok} errors=${sends.errors} retried=${sends.retried} lost=${sends.lost} ` +
      `duplicates=${sends.duplicates} stored-errors=${sends.storedErrors} unanswered=${sends.unanswered}; ` +
      `queues live=${queues.live} events=${queues.events} gaps=${queues.gaps} duplicates=${queues.duplicates} ` +
      `out-of-order=${queues.outOfOrder} re-registered=${queues.reRegistered}; replayed=${replayed}`,
  );

  const codes = (m: Map<string, number>) => JSON.stringify(Object.fromEntries(m));
  console.log(
    `fault suite: 5xx answers (retried) sends=${codes(load.serverErrors)} polls=${codes(pollers.serverErrors)}; ` +
      `sends without an answer (retried)=${load.dropped}`,
  );
  expect(sends).toMatchObject({ lost: 0, duplicates: 0, storedErrors: 0, wrongAnswers: 0, unanswered: 0 });
  expect(sends.ok).toBeGreaterThan(0);
  expect(sends.errors).toBeGreaterThan(0);
  // The ambiguous path was taken: some sends got a 5xx or lost their connection and were retried.
  expect(sends.retried).toBeGreaterThan(0);
  expect(queues).toMatchObject({ live: POLLED.length, gaps: 0, duplicates: 0, outOfOrder: 0 });
  expect(queues.events).toBeGreaterThan(0);
  expect(replayed).toBeGreaterThan(0);
  // Redis lost every queue: each client was told so in Zulip's words, and registered again.
  expect(queues.reRegistered).toBeGreaterThanOrEqual(POLLED.length);
  for (const log of pollers.queues.filter((q) => q.lost)) {
    expect(log.lostBody).toEqual({
      result: 'error',
      msg: `Bad event queue id: ${log.queueId}`,
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: log.queueId,
    });
  }
});
