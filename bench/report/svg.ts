/**
 * A small SVG chart renderer for the bench results (no dependency): line charts (throughput,
 * memory over time) and grouped bar charts (latency percentiles). Output is a standalone SVG
 * document that browsers and GitHub render.
 */

export interface Series {
  name: string;
  points: { x: number; y: number }[];
}

export interface LineChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
}

export interface BarChart {
  title: string;
  yLabel: string;
  /** One group per label (e.g. a topology), one bar per series name (e.g. p50, p99). */
  groups: { label: string; values: Record<string, number> }[];
}

const WIDTH = 720;
const HEIGHT = 360;
const MARGIN = { top: 40, right: 150, bottom: 50, left: 70 };
const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A "nice" upper bound for an axis: 1, 2 or 5 times a power of ten, at or above max. */
export function niceMax(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

function formatTick(value: number): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (Math.abs(value) >= 1e4) return `${+(value / 1e3).toFixed(1)}k`;
  return String(+value.toFixed(2));
}

function frame(title: string, xLabel: string, yLabel: string, yMax: number, body: string[], xTicks: string[]): string {
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const y = MARGIN.top + PLOT_H * (1 - f);
    return (
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + PLOT_W}" y1="${y}" y2="${y}" stroke="#e0e0e0"/>` +
      `<text x="${MARGIN.left - 6}" y="${y + 4}" text-anchor="end">${formatTick(yMax * f)}</text>`
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
    ...yTicks,
    ...xTicks,
    `<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${MARGIN.top}" y2="${MARGIN.top + PLOT_H}" stroke="black"/>`,
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + PLOT_W}" y1="${MARGIN.top + PLOT_H}" y2="${MARGIN.top + PLOT_H}" stroke="black"/>`,
    `<text x="${MARGIN.left + PLOT_W / 2}" y="${HEIGHT - 10}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(16 ${MARGIN.top + PLOT_H / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function legend(names: string[]): string[] {
  return names.map((name, i) => {
    const y = MARGIN.top + 10 + i * 18;
    const x = MARGIN.left + PLOT_W + 12;
    return `<rect x="${x}" y="${y - 8}" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/><text x="${x + 16}" y="${y + 1}">${escapeXml(name)}</text>`;
  });
}

export function renderLineChart(chart: LineChart): string {
  const all = chart.series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const xMin = Math.min(0, ...all.map((p) => p.x));
  const xMax = niceMax(Math.max(...all.map((p) => p.x), xMin + 1));
  const yMax = niceMax(Math.max(0, ...all.map((p) => p.y)));
  const sx = (x: number) => MARGIN.left + ((x - xMin) / (xMax - xMin)) * PLOT_W;
  const sy = (y: number) => MARGIN.top + PLOT_H * (1 - y / yMax);
  const lines = chart.series.map((s, i) => {
    const points = s.points
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
      .map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`)
      .join(' ');
    return `<polyline fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.5" points="${points}"/>`;
  });
  const xTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const value = xMin + (xMax - xMin) * f;
    return `<text x="${sx(value)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle">${formatTick(value)}</text>`;
  });
  return frame(chart.title, chart.xLabel, chart.yLabel, yMax, [...lines, ...legend(chart.series.map((s) => s.name))], xTicks);
}

export function renderBarChart(chart: BarChart): string {
  const names = [...new Set(chart.groups.flatMap((g) => Object.keys(g.values)))];
  const yMax = niceMax(Math.max(0, ...chart.groups.flatMap((g) => Object.values(g.values).filter(Number.isFinite))));
  const groupWidth = PLOT_W / Math.max(1, chart.groups.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, names.length);
  const bars: string[] = [];
  const xTicks: string[] = [];
  chart.groups.forEach((group, g) => {
    const left = MARGIN.left + g * groupWidth + groupWidth * 0.1;
    names.forEach((name, i) => {
      const value = group.values[name];
      if (value === undefined || !Number.isFinite(value)) return;
      const height = (value / yMax) * PLOT_H;
      const x = left + i * barWidth;
      bars.push(
        `<rect x="${x.toFixed(1)}" y="${(MARGIN.top + PLOT_H - height).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${height.toFixed(1)}" fill="${COLORS[i % COLORS.length]}"><title>${escapeXml(`${group.label} ${name}: ${value}`)}</title></rect>`,
      );
    });
    xTicks.push(
      `<text x="${left + groupWidth * 0.4}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle">${escapeXml(group.label)}</text>`,
    );
  });
  return frame(chart.title, '', chart.yLabel, yMax, [...bars, ...legend(names)], xTicks);
}
