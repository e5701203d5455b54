/** Where each scenario leaves its result: bench/results/<scenario>.json and its charts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname, cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

export const RESULTS_DIR = resolve(__dirname, '../results');

export function machine(): Record<string, string | number> {
  return {
    host: hostname(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** The figure a target row (report/targets.ts) is judged by; the report joins them. */
export interface Figure {
  /** The row's key (report/targets.ts). */
  row: string;
  topology: 'embedded' | 'distributed' | 'floor';
  value: number | null;
  unit: string;
  /** The floor's figure for this row where it has one of its own (e.g. the SQL floor of a fetch). */
  floor?: number;
  /** false: measured smaller than the target's size (fewer polls or messages), so not judged. */
  fullSize?: boolean;
  /** Free text: what the value was measured from. */
  note?: string;
}

export function writeResult(scenario: string, result: Record<string, unknown>, figures: Figure[], charts: Record<string, string>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${scenario}.json`);
  writeFileSync(file, `${JSON.stringify({ scenario, date: new Date().toISOString(), machine: machine(), figures, ...result }, null, 2)}\n`);
  for (const [name, svg] of Object.entries(charts)) writeFileSync(join(RESULTS_DIR, `${scenario}-${name}.svg`), svg);
  console.log(`\nwrote ${file} and ${Object.keys(charts).length} chart(s)`);
}
