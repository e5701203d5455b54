/**
 * The benchmark suite's own arithmetic (bench/): percentiles, the SVG renderer, the soak's slope
 * and flat verdict, the report's judging of the targets against the floor, and the CPU time read
 * from /proc. No timing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { renderBarChart, renderLineChart, niceMax } from '../bench/report/svg';
import { summarize as summarizeReport } from '../bench/report/summary';
import { judge } from '../bench/report/targets';
import { serviceRoots } from '../bench/lib/cpu';
import { slope, trend } from '../bench/lib/trend';
import { percentile, summarize } from '../bench/stats';

jest.setTimeout(10_000);

describe('stats', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(samples)).toEqual({ n: 100, p50: 50, p90: 90, p99: 99, max: 100 });
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('svg', () => {
  it('rounds axes up to 1, 2 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(13), niceMax(450), niceMax(1000)]).toEqual([1, 10, 20, 500, 1000]);
  });

  it('draws one polyline per series with every finite point, and escapes text', () => {
    const svg = renderLineChart({
      title: 'a < b & c',
      xLabel: 's',
      yLabel: 'n',
      series: [
        {
          name: 'one',
          points: [
            { x: 0, y: 1 },
            { x: 1, y: 2 },
            { x: 2, y: NaN },
          ],
        },
        { name: 'two', points: [{ x: 0, y: 3 }] },
      ],
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('a &lt; b &amp; c');
    const polylines = [...svg.matchAll(/<polyline [^>]*points="([^"]*)"/g)].map((m) => m[1]!.split(' ').length);
    expect(polylines).toEqual([2, 1]);
  });

  it('draws one bar per group and value, scaled to the axis', () => {
    const svg = renderBarChart({
      title: 't',
      yLabel: 'ms',
      groups: [
        { label: 'a', values: { p50: 5, p99: 10 } },
        { label: 'b', values: { p50: 2 } },
      ],
    });
    const bars = [...svg.matchAll(/<rect x="[^"]*" y="[^"]*" width="[^"]*" height="([^"]*)" fill="[^"]*"><title>/g)].map((m) =>
      Number(m[1]),
    );
    expect(bars).toHaveLength(3);
    expect(bars[1]).toBeCloseTo(2 * bars[0]!, 0);
  });
});

describe('soak trend', () => {
  const samples = (f: (t: number) => number) =>
    Array.from({ length: 61 }, (_, i) => ({ t: i * 10, rssBytes: f(i * 10), heapUsedBytes: 50 * 2 ** 20, fds: 40 }));

  it('fits the slope by least squares', () => {
    expect(
      slope([
        { t: 0, y: 1 },
        { t: 1, y: 3 },
        { t: 2, y: 5 },
      ]),
    ).toBe(2);
  });

  it('calls a level series flat and a steadily growing one not', () => {
    expect(
      trend(
        samples(() => 100 * 2 ** 20),
        'rssBytes',
      ).flat,
    ).toBe(true);
    const growing = trend(
      samples((t) => 100 * 2 ** 20 + t * 100_000),
      'rssBytes',
    );
    expect(growing.flat).toBe(false);
    expect(growing.slopePerMinute).toBeCloseTo(6_000_000, -3);
    expect(
      trend(
        samples(() => 0),
        'fds',
      ),
    ).toMatchObject({ start: 40, end: 40, max: 40, flat: true });
  });

  it('forgives growth in the first half (warm-up)', () => {
    expect(
      trend(
        samples((t) => (t < 300 ? t * 1e6 : 300e6)),
        'rssBytes',
      ).flat,
    ).toBe(true);
  });
});

describe('report', () => {
  it('judges each rule', () => {
    expect(judge({ kind: 'at-most', value: 25 }, 25, null)).toBe(true);
    expect(judge({ kind: 'at-least', value: 200 }, 150, null)).toBe(false);
    expect(judge({ kind: 'share-of-floor', share: 0.5 }, 300, 580)).toBe(true);
    expect(judge({ kind: 'share-of-floor', share: 0.5 }, 280, 580)).toBe(false);
    expect(judge({ kind: 'share-of-floor', share: 0.5 }, 280, null)).toBeNull();
    expect(judge({ kind: 'at-most', value: 25 }, null, null)).toBeNull();
    expect(judge({ kind: 'times-floor', times: 2 }, 5.6, 2.85)).toBe(true);
    expect(judge({ kind: 'times-floor', times: 2 }, 5.8, 2.85)).toBe(false);
    expect(judge({ kind: 'times-floor', times: 2 }, 5.8, null)).toBeNull();
  });

  it('judges a cost against the floor its figure names', () => {
    const rows = summarizeReport([
      {
        scenario: 'send-cost',
        date: 'd',
        figures: [
          { row: 'cost', topology: 'embedded', value: 6, unit: 'CPU ms/send', floor: 2.5 },
          { row: 'cost', topology: 'distributed', value: 9, unit: 'CPU ms/send', floor: 2.85 },
        ],
      },
    ]);
    const row = (topology: string) => rows.find((r) => r.row === 'cost' && r.topology === topology)!;
    expect(row('embedded')).toMatchObject({ floor: 2.5, pass: false, target: '≤ 2 × floor (5)' });
    expect(row('distributed')).toMatchObject({ floor: 2.85, pass: false });
  });

  it('lists every target row per topology with the floor beside it', () => {
    const rows = summarizeReport([
      {
        scenario: 'send-throughput',
        date: 'd',
        figures: [
          { row: 'sustained', topology: 'floor', value: 500, unit: 'messages/s' },
          { row: 'sustained', topology: 'distributed', value: 300, unit: 'messages/s' },
          { row: 'sustained', topology: 'embedded', value: 150, unit: 'messages/s' },
        ],
      },
      {
        scenario: 'fetch',
        date: 'd',
        figures: [{ row: 'fetch-p50', topology: 'embedded', value: 5, unit: 'ms', floor: 1, fullSize: false }],
      },
    ]);
    expect(rows).toHaveLength(16);
    const row = (name: string, topology: string) => rows.find((r) => r.row === name && r.topology === topology)!;
    expect(row('sustained', 'distributed')).toMatchObject({ measured: 300, floor: 500, pass: true, note: '60% of the floor' });
    expect(row('sustained', 'embedded')).toMatchObject({ measured: 150, floor: 500, pass: false });
    expect(row('fetch-p50', 'embedded')).toMatchObject({ measured: 5, floor: 1, pass: null });
    expect(row('fan-out', 'distributed')).toMatchObject({ measured: null, pass: null });
  });
});

describe('CPU time from /proc', () => {
  it('counts a busy process and the children it reaped', () => {
    // In a process of its own, whose only child is the one it spawns: a jest worker reaps the
    // children earlier tests left, at any moment, and /proc rightly charges them to it.
    const code = `
      const { cpuMillis, cpuSpent } = require(${JSON.stringify(join(__dirname, '../bench/lib/cpu.ts'))});
      const { spawnSync } = require('node:child_process');
      const group = [{ name: 'self', roots: [process.pid] }];
      const before = cpuMillis(group);
      const start = process.cpuUsage();
      const used = () => { const u = process.cpuUsage(start); return (u.user + u.system) / 1000; };
      while (used() < 300) Math.sqrt(Math.random());
      const own = used();
      const child = spawnSync(process.execPath, ['-e', 'const s = process.cpuUsage(); for (let u = process.cpuUsage(s); u.user + u.system < 200000; u = process.cpuUsage(s));']);
      if (child.status !== 0) throw new Error('the spinning child failed');
      console.log(JSON.stringify({ own, spent: cpuSpent(before, cpuMillis(group)).self }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { own, spent } = JSON.parse(run.stdout) as { own: number; spent: number };
    // Its own 300 ms (Node's count, to /proc's 10 ms ticks), the reaped child's 200 ms and the
    // child's start-up, which is not counted by Node but is real.
    expect(spent).toBeGreaterThanOrEqual(own + 200 - 30);
    expect(spent).toBeLessThan(own + 200 + 1000);
  });

  it('finds a system service by its command name, the root of its tree only', () => {
    const roots = serviceRoots('postgres');
    expect(roots.length).toBeGreaterThanOrEqual(1);
    expect(serviceRoots('no-such-command-here')).toEqual([]);
  });
});
