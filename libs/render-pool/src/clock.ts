import { performance } from 'node:perf_hooks';

/**
 * Milliseconds since the epoch as both the pool and its workers read them: each thread's
 * performance.now() counts from its own origin, so the origin is added back.
 */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}
