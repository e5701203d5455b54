/**
 * How cost grows with the organization (`npm run bench:scaling`, and part of `npm run bench`;
 * about 11 minutes on two cores). Three curves, each measured in this one
 * run for every topology, each point on a topology started afresh:
 *   - a send to a stream of BENCH_SCALING_SUBSCRIBERS long-polling subscribers: CPU time over
 *     every server-side process, send latency and last delivery (scaling/sends.ts);
 *   - /register in a realm of BENCH_SCALING_USERS members: time and answer size (scaling/registers.ts);
 *   - GET /messages over BENCH_SCALING_MESSAGES messages (scaling/fetches.ts).
 * Sizes are comma-separated lists; an empty list skips its curve.
 */
import { runScenario } from './lib/run';
import { TOPOLOGIES } from './lib/topology';
import { writeResult, type Figure } from './report/output';
import { renderLineChart, type Series } from './report/svg';
import { measureFetches, type FetchPoint } from './scaling/fetches';
import { measureRegisters, REGISTERS, STREAMS, type RegisterPoint } from './scaling/registers';
import { measureSends, RATE, SENDS, type SendPoint } from './scaling/sends';
import { table } from './stats';

const sizes = (variable: string, fallback: string) => (process.env[variable] ?? fallback).split(',').filter(Boolean).map(Number);
const SUBSCRIBERS = sizes('BENCH_SCALING_SUBSCRIBERS', '10,100,1000,10000');
const USERS = sizes('BENCH_SCALING_USERS', '100,1000,10000');
const MESSAGES = sizes('BENCH_SCALING_MESSAGES', '1000000');
/** The realm the register-p50 target row is judged at. */
const TARGET_USERS = 10_000;

/** One line per topology through a curve's points. */
function curve<P extends { topology: string }>(points: P[], x: (p: P) => number, y: (p: P) => number): Series[] {
  return TOPOLOGIES.map((name) => ({ name, points: points.filter((p) => p.topology === name).map((p) => ({ x: x(p), y: y(p) })) }));
}

function sendRows(points: SendPoint[]): Record<string, string | number>[] {
  return points.map((p) => ({
    topology: p.topology,
    subscribers: p.subscribers,
    sends: p.sends,
    'sends/s': p.achievedRate,
    'CPU ms/send': p.cpuMsPerSend,
    'idle CPU ms/s': p.idleCpuMsPerSecond,
    'CPU ms/send above idle': p.cpuMsPerSendAboveIdle,
    'send p50 ms': p.send.p50,
    'last delivery p50 ms': p.lastDelivery.p50,
    'last delivery p99 ms': p.lastDelivery.p99,
    'by process (ms/send)': Object.entries(p.perProcess)
      .map(([group, ms]) => `${group} ${ms}`)
      .join(', '),
  }));
}

function registerRows(points: RegisterPoint[]): Record<string, string | number>[] {
  return points.map((p) => ({
    topology: p.topology,
    users: p.users,
    streams: p.streams,
    registers: p.register.n,
    'first ms': p.firstMs,
    'p50 ms': p.register.p50,
    'p99 ms': p.register.p99,
    'answer bytes': p.bytes,
  }));
}

function fetchRows(points: FetchPoint[]): Record<string, string | number>[] {
  return points.map((p) => ({
    topology: p.topology,
    messages: p.messages,
    load: p.loadSeconds === null ? 'kept copy' : `${p.loadSeconds} s${p.cached ? ' (kept)' : ''}`,
    returned: p.returned,
    'p50 ms': p.http.p50,
    'p99 ms': p.http.p99,
  }));
}

/** register-p50 at a realm of 10,000 members and 1,000 streams; a smaller realm's is reported, not judged. */
function figures(registers: RegisterPoint[]): Figure[] {
  return TOPOLOGIES.flatMap((name) => {
    const points = registers.filter((p) => p.topology === name).sort((a, b) => a.users - b.users);
    const point = points.find((p) => p.users === TARGET_USERS) ?? points[points.length - 1];
    if (!point) return [];
    return [
      {
        row: 'register-p50',
        topology: name,
        value: point.register.p50,
        unit: 'ms',
        fullSize: point.users === TARGET_USERS && point.streams >= 1000,
        note: `${point.users} members, ${point.streams} streams; p99 ${point.register.p99} ms, first ${point.firstMs} ms; ${point.bytes} bytes`,
      },
    ];
  });
}

function charts(sends: SendPoint[], registers: RegisterPoint[], fetches: FetchPoint[]): Record<string, string> {
  const drawn: Record<string, string> = {};
  if (sends.length) {
    drawn['send-cost'] = renderLineChart({
      title: 'CPU ms per send, all server-side processes',
      xLabel: 'subscribers with a long-polled queue',
      yLabel: 'CPU ms per send',
      series: [
        ...curve(
          sends,
          (p) => p.subscribers,
          (p) => p.cpuMsPerSend,
        ),
        ...curve(
          sends,
          (p) => p.subscribers,
          (p) => p.cpuMsPerSendAboveIdle,
        ).map((s) => ({ ...s, name: `${s.name} above idle` })),
      ],
    });
    // Per delivery, a flat line is linear growth; a rising one grows faster than the stream.
    drawn['send-cost-per-delivery'] = renderLineChart({
      title: 'CPU ms per delivery above idle, all server-side processes',
      xLabel: 'subscribers with a long-polled queue',
      yLabel: 'CPU ms per delivery',
      series: curve(
        sends,
        (p) => p.subscribers,
        (p) => Math.round((p.cpuMsPerSendAboveIdle / p.subscribers) * 1000) / 1000,
      ),
    });
    drawn['send-latency'] = renderLineChart({
      title: 'Send latency and last delivery, p50 (ms)',
      xLabel: 'subscribers with a long-polled queue',
      yLabel: 'ms',
      series: [
        ...curve(
          sends,
          (p) => p.subscribers,
          (p) => p.send.p50,
        ).map((s) => ({ ...s, name: `${s.name} send` })),
        ...curve(
          sends,
          (p) => p.subscribers,
          (p) => p.lastDelivery.p50,
        ).map((s) => ({ ...s, name: `${s.name} last delivery` })),
      ],
    });
  }
  if (registers.length) {
    drawn['register-p50'] = renderLineChart({
      title: `POST /register p50 (ms), ${STREAMS} streams`,
      xLabel: 'members in the realm',
      yLabel: 'ms',
      series: curve(
        registers,
        (p) => p.users,
        (p) => p.register.p50,
      ),
    });
    drawn['register-size'] = renderLineChart({
      title: `POST /register answer size (KB), ${STREAMS} streams`,
      xLabel: 'members in the realm',
      yLabel: 'KB',
      series: curve(
        registers,
        (p) => p.users,
        (p) => Math.round(p.bytes / 1024),
      ),
    });
  }
  if (fetches.length) {
    drawn['fetch-p50'] = renderLineChart({
      title: 'GET /messages p50 (ms), newest 100 of one stream and topic',
      xLabel: 'messages',
      yLabel: 'ms',
      series: curve(
        fetches,
        (p) => p.messages,
        (p) => p.http.p50,
      ),
    });
  }
  return drawn;
}

async function main(): Promise<void> {
  const sends: SendPoint[] = [];
  const registers: RegisterPoint[] = [];
  const fetches: FetchPoint[] = [];
  for (const name of TOPOLOGIES) for (const subscribers of SUBSCRIBERS) sends.push(await measureSends(name, subscribers));
  for (const name of TOPOLOGIES) for (const users of USERS) registers.push(await measureRegisters(name, users));
  for (const name of TOPOLOGIES) for (const messages of MESSAGES) fetches.push(await measureFetches(name, messages));
  const tables = { sends: sendRows(sends), registers: registerRows(registers), fetches: fetchRows(fetches) };
  if (sends.length)
    console.log(
      `\nSends to a stream of N long-polling subscribers, ${SENDS} at most ${RATE}/s, each after the last delivery of the one before\n\n${table(tables.sends)}`,
    );
  if (registers.length)
    console.log(
      `\nPOST /register (the whole initial state) in a realm of N members and ${STREAMS} streams, ${REGISTERS} in a row\n\n${table(tables.registers)}`,
    );
  if (fetches.length) console.log(`\nGET /messages, newest 100 of one stream and topic, over N messages\n\n${table(tables.fetches)}`);
  writeResult('scaling', { ...tables, points: { sends, registers, fetches } }, figures(registers), charts(sends, registers, fetches));
}

runScenario(main);
