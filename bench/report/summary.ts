/**
 * The combined report (`npm run bench:report`, and the last step of `npm run bench`): reads every
 * bench/results/<scenario>.json, and writes bench/results/summary.json and report.md with each
 * target row (report/targets.ts) per topology: the measured figure, the target, pass or miss, and the
 * floor beside it. A row whose scenario has not run says "not measured".
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, RESULTS_DIR, type Figure } from './output';
import { describeRule, judge, TARGETS } from './targets';
import { table } from '../stats';

interface ScenarioFile {
  scenario: string;
  date: string;
  figures?: Figure[];
  rows?: Record<string, string | number>[];
}

export interface SummaryRow {
  row: string;
  figure: string;
  topology: 'distributed' | 'embedded';
  measured: number | null;
  unit: string;
  target: string;
  pass: boolean | null;
  floor: number | null;
  note: string;
  command: string;
  measuredAt: string | null;
}

function readScenarios(dir: string): ScenarioFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'summary.json')
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ScenarioFile)
    .filter((s) => Array.isArray(s.figures));
}

export function summarize(scenarios: ScenarioFile[]): SummaryRow[] {
  const find = (row: string, topology: string) => {
    for (const scenario of scenarios) {
      const figure = scenario.figures!.find((f) => f.row === row && f.topology === topology);
      if (figure) return { figure, date: scenario.date };
    }
    return null;
  };
  return TARGETS.flatMap((target) =>
    (['distributed', 'embedded'] as const).map((topology) => {
      const found = find(target.row, topology);
      const floorFigure = find(target.row, 'floor');
      const floor = found?.figure.floor ?? floorFigure?.figure.value ?? null;
      const rule = target[topology];
      const measured = found?.figure.value ?? null;
      return {
        row: target.row,
        figure: target.figure,
        topology,
        measured,
        unit: found?.figure.unit ?? '',
        target: describeRule(rule, floor),
        pass: found?.figure.fullSize === false ? null : judge(rule, measured, floor),
        floor,
        note: [
          rule.kind === 'share-of-floor' && measured !== null && floor ? `${Math.round((measured / floor) * 100)}% of the floor` : '',
          found?.figure.note ?? '',
        ]
          .filter(Boolean)
          .join('; '),
        command: target.command,
        measuredAt: found?.date ?? null,
      };
    }),
  );
}

function markdown(rows: SummaryRow[], extra: ScenarioFile[]): string {
  const verdict = (r: SummaryRow) =>
    r.pass === null ? (r.measured === null ? 'not measured' : 'not judged (small size)') : r.pass ? 'pass' : 'MISS';
  const lines = [
    '# Benchmark report',
    '',
    `Generated ${new Date().toISOString()} on ${JSON.stringify(machine())}.`,
    'Every figure is from `bench/results/<scenario>.json`; charts are the SVG files beside this report.',
    '',
    table(
      rows.map((r) => ({
        figure: r.figure,
        topology: r.topology,
        measured: r.measured === null ? '—' : `${r.measured} ${r.unit}`.trim(),
        target: r.target,
        verdict: verdict(r),
        floor: r.floor === null ? '—' : String(r.floor),
        note: r.note || ' ',
        command: `\`${r.command}\``,
      })),
    ),
    '',
  ];
  const known = new Set(TARGETS.map((t) => t.row));
  const others = extra.flatMap((scenario) =>
    scenario.figures!.filter((f) => !known.has(f.row)).map((f) => ({ scenario: scenario.scenario, ...f })),
  );
  if (others.length) {
    lines.push(
      '## Other figures',
      '',
      ...others.map((f) => `- ${f.row} (${f.topology}, ${f.scenario}): ${f.value} ${f.unit}${f.note ? `; ${f.note}` : ''}`),
      '',
    );
  }
  for (const scenario of extra) {
    if (!scenario.rows?.length) continue;
    lines.push(`## ${scenario.scenario} (${scenario.date})`, '', table(scenario.rows), '');
  }
  const charts = existsSync(RESULTS_DIR)
    ? readdirSync(RESULTS_DIR)
        .filter((f) => f.endsWith('.svg'))
        .sort()
    : [];
  if (charts.length) lines.push('## Charts', '', ...charts.map((c) => `- [${c}](${c})`), '');
  return lines.join('\n');
}

export function writeReport(dir = RESULTS_DIR): SummaryRow[] {
  const scenarios = readScenarios(dir);
  const rows = summarize(scenarios);
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), rows }, null, 2)}\n`);
  writeFileSync(join(dir, 'report.md'), markdown(rows, scenarios));
  return rows;
}

/** The target rows as a console table: measured, target, verdict and the floor beside it. */
export function targetsTable(rows: SummaryRow[]): string {
  return table(
    rows.map((r) => ({
      row: r.row,
      topology: r.topology,
      measured: r.measured ?? '—',
      target: r.target,
      verdict: r.pass === null ? (r.measured === null ? 'not measured' : 'not judged (small size)') : r.pass ? 'pass' : 'MISS',
      floor: r.floor ?? '—',
    })),
  );
}

if (require.main === module) {
  console.log(targetsTable(writeReport()));
  console.log(`\nwrote ${join(RESULTS_DIR, 'report.md')} and summary.json`);
}
