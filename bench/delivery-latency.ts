/**
 * Send-to-long-poll delivery latency in both topologies (`npm run bench:delivery`): othello
 * long-polls his queue while hamlet sends MESSAGES stream messages to Denmark one after another;
 * each sample is the time from issuing the send to othello's poll returning that message.
 * Prints a table and writes bench/results/delivery-latency.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Express } from 'express';
import { startStandalone } from '@chat/standalone';
import { testConfig, testLogger } from '@chat/testing';
import { startDistributedCluster } from '../test/distributed.harness';
import { BenchClient } from './client';
import { summarize, table, type LatencySummary } from './stats';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const WARMUP = 50;

async function listen(app: Express): Promise<{ server: Server; url: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Measures one topology reachable at `baseUrl`. */
export async function measureDelivery(baseUrl: string, count: number): Promise<number[]> {
  const hamlet = await new BenchClient(baseUrl).login('hamlet@zulip.com');
  const othello = await new BenchClient(baseUrl).login('othello@zulip.com');
  const registered = await othello.call('POST', '/register', { event_types: ['message'] });
  const queueId = String(registered.queue_id);
  let lastEventId = Number(registered.last_event_id);
  const samples: number[] = [];
  for (let i = 0; i < count + WARMUP; i++) {
    const poll = othello.call('GET', '/events', { queue_id: queueId, last_event_id: lastEventId });
    const started = performance.now();
    await hamlet.call('POST', '/messages', { type: 'stream', to: 'Denmark', topic: 'bench', content: `message ${i}` });
    const { events } = (await poll) as { events: { id: number; type: string }[] };
    const elapsed = performance.now() - started;
    lastEventId = Math.max(lastEventId, ...events.map((e) => e.id));
    if (events.some((e) => e.type === 'message') && i >= WARMUP) samples.push(elapsed);
  }
  return samples;
}

async function embedded(): Promise<LatencySummary> {
  const server = await startStandalone({ config: testConfig(), logger: testLogger() });
  const { server: http, url } = await listen(server.app);
  try {
    return summarize(await measureDelivery(url, MESSAGES));
  } finally {
    http.closeAllConnections();
    http.close();
    await server.stop();
  }
}

async function distributed(): Promise<LatencySummary> {
  const cluster = await startDistributedCluster();
  try {
    return summarize(await measureDelivery(cluster.gatewayUrl, MESSAGES));
  } finally {
    await cluster.stop();
  }
}

async function main(): Promise<void> {
  const results = { embedded: await embedded(), distributed: await distributed() };
  const rows = Object.entries(results).map(([topology, s]) => ({
    topology,
    messages: s.n,
    'p50 ms': s.p50,
    'p90 ms': s.p90,
    'p99 ms': s.p99,
    'max ms': s.max,
  }));
  console.log('\nSend-to-long-poll delivery latency (sequential sends, one long-polling receiver)\n');
  console.log(table(rows));
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'delivery-latency.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
}

main()
  .then(() => process.exit(0))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
