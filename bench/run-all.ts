/**
 * `npm run bench`: every scenario, one after another, each in its own process (a scenario that
 * fails is reported and the rest still run), then the combined report (report/summary.ts).
 * BENCH_SCENARIOS picks some (comma-separated names below); BENCH_WITH_SOAK=1 adds the soak.
 * The scaling curves run by default (about 11 minutes here); their 10-million-message point only
 * when BENCH_SCALING_MESSAGES asks for it.
 * Sizes and durations come from each scenario's BENCH_* variables (docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { targetsTable, writeReport } from './report/summary';
import { table } from './stats';

const SCENARIOS: Record<string, string> = {
  send: 'send-throughput.ts',
  cost: 'send-cost.ts',
  delivery: 'delivery-latency.ts',
  polls: 'parked-polls.ts',
  fetch: 'fetch-http.ts',
  render: 'render-probe.ts',
  web: 'web-client.ts',
  soak: 'soak.ts',
  scaling: 'scaling.ts',
};

const chosen = (
  process.env.BENCH_SCENARIOS ?? `send,cost,delivery,polls,fetch,render,web,scaling${process.env.BENCH_WITH_SOAK === '1' ? ',soak' : ''}`
).split(',');
const outcomes: Record<string, string | number>[] = [];
for (const name of chosen) {
  const file = SCENARIOS[name];
  if (!file) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  console.log(`\n=== ${name} (bench/${file}) ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, file)], { stdio: 'inherit', env: process.env });
  outcomes.push({ scenario: name, exit: run.status ?? String(run.signal), seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n=== scenarios ===\n');
console.log(table(outcomes));
const rows = writeReport();
console.log('\n=== targets ===\n');
console.log(targetsTable(rows));
console.log('\nbench/results/report.md and summary.json written');
process.exit(outcomes.every((o) => o.exit === 0) ? 0 : 1);
