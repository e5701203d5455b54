/**
 * Whether a soak's memory and handles are flat: per measure, start, end, max and the
 * least-squares slope over the second half of the run (the first half holds the warm-up: JIT,
 * caches, connection pools filling). Flat: that slope adds less than 5% of the level (at least
 * 2 MB, or 5 descriptors) over the second half.
 */
import type { ProcessSample } from './process-stats';

export type Measure = 'rssBytes' | 'heapUsedBytes' | 'fds';
export const MEASURES: Measure[] = ['rssBytes', 'heapUsedBytes', 'fds'];

export interface Trend {
  start: number;
  end: number;
  max: number;
  /** Units per minute over the second half. */
  slopePerMinute: number;
  flat: boolean;
}

/** Least-squares slope of y over t (per second). */
export function slope(points: { t: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mt = points.reduce((a, p) => a + p.t, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.t - mt) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export function trend(samples: ProcessSample[], measure: Measure): Trend {
  const values = samples.map((s) => ({ t: s.t, y: s[measure] })).filter((p) => Number.isFinite(p.y));
  const last = values[values.length - 1]?.t ?? 0;
  const secondHalf = values.filter((p) => p.t >= last / 2);
  const perSecond = slope(secondHalf);
  const span = secondHalf.length ? last - secondHalf[0]!.t : 0;
  const level = secondHalf.reduce((a, p) => a + p.y, 0) / Math.max(1, secondHalf.length);
  const allowance = Math.max(0.05 * level, measure === 'fds' ? 5 : 2 * 2 ** 20);
  return {
    start: values[0]?.y ?? NaN,
    end: values[values.length - 1]?.y ?? NaN,
    max: Math.max(...values.map((p) => p.y)),
    slopePerMinute: Math.round(perSecond * 60 * 100) / 100,
    flat: perSecond * span < allowance,
  };
}
