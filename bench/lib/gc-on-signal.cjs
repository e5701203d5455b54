/* global process */
/**
 * Preloaded into the bench's server processes (with --expose-gc, see process-stats.ts): SIGUSR2
 * runs a full garbage collection, so memory is sampled as live data, not as whatever garbage
 * the last burst of requests left behind.
 */
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
});
