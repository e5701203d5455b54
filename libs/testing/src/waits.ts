/**
 * How tests wait: on the condition they need (a message delivered, a row written, a process up, a
 * poll parked), never for a fixed time, which is at once too long on a quiet machine and too short
 * on a busy one. This file holds the only timers tests use: the step between two checks of a
 * condition, and the one window a test may name to prove that something does NOT happen
 * (provesNothingHappensFor). eslint.config.mjs rejects every other sleep in tests and their
 * helpers, and exempts this file for that reason.
 */
import { performance } from 'node:perf_hooks';

export interface WaitOptions {
  /** Between two checks; 10 ms unless the check is costly (an HTTP request, a process probe). */
  stepMs?: number;
  /** What is awaited, named in the error on timeout. */
  what?: string;
}

const DEFAULT_STEP_MS = 10;

/** A bounded wait ran out: its condition never held. */
export class WaitTimeout extends Error {}

/** Resolves after `ms`: the step between checks, private to this file (see its header). */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Checks `produce` until it gives a value (not undefined) and returns it; throws WaitTimeout after `timeoutMs`. */
export async function waitForValue<T>(
  produce: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
  { stepMs = DEFAULT_STEP_MS, what = 'condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await produce();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new WaitTimeout(`${what} not met within ${timeoutMs} ms`);
    await pause(stepMs);
  }
}

/** Checks `predicate` until it holds; throws WaitTimeout after `timeoutMs`: bounded waits only. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000, options: WaitOptions = {}): Promise<void> {
  await waitForValue(async () => ((await predicate()) ? true : undefined), timeoutMs, options);
}

/**
 * Runs `attempt` until it returns instead of throwing (a broker back after a restart, a server
 * up), and returns what it returned; after `timeoutMs` throws the last error it threw.
 */
export async function waitForSuccess<T>(attempt: () => Promise<T>, timeoutMs = 5000, options: WaitOptions = {}): Promise<T> {
  let lastError: unknown = undefined;
  const tryOnce = async (): Promise<{ value: T } | undefined> => {
    try {
      return { value: await attempt() };
    } catch (err) {
      lastError = err;
      return undefined;
    }
  };
  try {
    return (await waitForValue(tryOnce, timeoutMs, options)).value;
  } catch (err) {
    throw err instanceof WaitTimeout && lastError !== undefined ? lastError : err;
  }
}

/**
 * The one fixed window a test may wait: it proves that something does NOT happen within
 * `windowMs` (no duplicate delivery, a request still pending, a connection left open). The length
 * is the test's claim, so name it for what it proves. `happened` is checked all along, so a
 * failure shows at once. Where a later event would come after the forbidden one (a second message
 * behind the first), wait for that event instead: it proves the same without a window.
 */
export async function provesNothingHappensFor(windowMs: number, happened: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = performance.now() + windowMs;
  for (;;) {
    if (await happened()) throw new Error(`${what} happened within ${windowMs} ms`);
    const left = end - performance.now();
    if (left <= 0) return;
    await pause(Math.min(DEFAULT_STEP_MS, left));
  }
}

/** Whether `promise` has settled yet, as a check for waitFor or provesNothingHappensFor. */
export function hasSettled(promise: Promise<unknown>): () => boolean {
  let settled = false;
  const mark = () => (settled = true);
  promise.then(mark, mark);
  return () => settled;
}
