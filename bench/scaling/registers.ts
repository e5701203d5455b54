/**
 * bench:scaling's second curve, /register as the realm grows. For one size: a topology started
 * afresh on a realm of that many members and BENCH_SCALING_STREAMS streams (lib/large-realm.ts,
 * beside the development realm's own users and streams), then BENCH_SCALING_REGISTERS
 * sequential POST /register as one of the members with no parameters: every event type, the
 * whole initial state, as clients ask for it. The first of them builds the realm-wide part that
 * later ones reuse (the event tier's realm state cache); its time is given on its own as well.
 */
import { basicAuth, httpCall } from '../lib/http';
import { addLargeRealm, SUBSCRIPTIONS_PER_USER } from '../lib/large-realm';
import type { BenchUser } from '../lib/population';
import { startTopology, type TopologyName } from '../lib/topology';
import { summarize, type LatencySummary } from '../stats';

export const STREAMS = Number(process.env.BENCH_SCALING_STREAMS ?? 1000);
export const REGISTERS = Number(process.env.BENCH_SCALING_REGISTERS ?? 30);

export interface RegisterPoint {
  topology: TopologyName;
  users: number;
  streams: number;
  subscriptionsPerUser: number;
  register: LatencySummary;
  firstMs: number;
  /** The answer's size in bytes (the last one's; they differ only in the queue id). */
  bytes: number;
}

export async function measureRegisters(name: TopologyName, users: number): Promise<RegisterPoint> {
  let members: BenchUser[] = [];
  const topology = await startTopology(name, async (db) => {
    members = await addLargeRealm(db.knex, users, STREAMS);
  });
  try {
    console.log(`${name}: ${REGISTERS} registrations in a realm of ${users} members and ${STREAMS} streams`);
    const member = members[0]!;
    const headers = basicAuth(member.email, member.apiKey);
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REGISTERS; i++) {
      const started = performance.now();
      const answer = await httpCall(topology.eventsUrl, 'POST', '/api/v1/register', headers);
      samples.push(performance.now() - started);
      if (answer.body.result !== 'success') throw new Error(`POST /register: ${answer.status} ${JSON.stringify(answer.body)}`);
      bytes = answer.bytes;
    }
    const point = {
      topology: name,
      users,
      streams: STREAMS,
      subscriptionsPerUser: Math.min(SUBSCRIPTIONS_PER_USER, STREAMS),
      register: summarize(samples),
      firstMs: Math.round(samples[0]! * 100) / 100,
      bytes,
    };
    console.log(`  first ${point.firstMs} ms, p50 ${point.register.p50} ms, p99 ${point.register.p99} ms, ${bytes} bytes`);
    return point;
  } finally {
    await topology.stop();
  }
}
