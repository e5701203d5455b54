/**
 * A test run's own name for what it shares between its files (the PostgreSQL template database,
 * the PGlite template image): the pid of the jest process that runs global setup, passed to the
 * test files through JEST_RUN_ID. Two runs on one machine (a developer's beside CI's, or a suite
 * run beside a single file) then never drop or rewrite each other's templates. Outside jest
 * (npm run record, benches) the name is 'local'.
 */
export function testRunId(): string {
  return process.env.JEST_RUN_ID ?? 'local';
}

/** Global setup: names this run after its process, unless a caller named it already. */
export function startTestRun(): string {
  process.env.JEST_RUN_ID ??= String(process.pid);
  return testRunId();
}

/**
 * Whether a template named after `runId` goes: this run's at teardown (`thisRun`), another run's
 * at setup once its process is gone.
 */
export function templateGoes(runId: string, options: { thisRun: boolean }): boolean {
  return runId === testRunId() ? options.thisRun : !runIsAlive(runId);
}

/** Whether the run that named itself `runId` is still going (its process is alive). */
function runIsAlive(runId: string): boolean {
  if (!/^\d+$/.test(runId)) return true;
  try {
    process.kill(Number(runId), 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
