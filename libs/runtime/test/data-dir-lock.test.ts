/**
 * DATA_DIR's lock: a live holder (this process or another) refuses a second one, naming its pid;
 * a lock left by a process that is gone (or by an earlier process that had the same pid) is taken
 * over; the lock goes with its holder's exit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src';

jest.setTimeout(30_000);

const MODULE = resolve(__dirname, '../src/data-dir-lock.ts');

/** Another process holding the lock on `dir` until it is killed or told to exit (a line on stdin). */
async function holdInChild(dir: string): Promise<{ child: ChildProcess; exited: Promise<number | string> }> {
  const { NODE_OPTIONS: _jestFlags, ...env } = process.env;
  const script = `
    const m = await import(${JSON.stringify(MODULE)});
    (m.lockDataDir ?? m.default.lockDataDir)(${JSON.stringify(dir)}, 'holder');
    console.log('locked');
    process.stdin.once('data', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | string>((done) => child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')));
  await new Promise<void>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && done());
    void exited.then((code) => fail(new Error(`the holder exited (${code}) before locking`)));
  });
  return { child, exited };
}

function lockContent(dir: string): { pid: number; command: string } {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; command: string };
}

/** A pid no process has now: one that just exited. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', '']);
  return done.pid!;
}

describe('DATA_DIR lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder in this process with its pid, until released', () => {
    const lock = lockDataDir(dir, 'npm start');
    expect(lockContent(dir)).toMatchObject({ pid: process.pid, command: 'npm start' });
    expect(() => lockDataDir(dir, 'manage')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'manage')).toThrow(
      `DATA_DIR ${dir} is in use by process ${process.pid} (npm start); stop it first, or use another DATA_DIR.`,
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, 'manage').release();
  });

  it('refuses while another live process holds it, takes it over once that process is killed', async () => {
    const holder = await holdInChild(dir);
    let refusal: unknown;
    try {
      lockDataDir(dir, 'manage');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).holderPid).toBe(holder.child.pid);
    expect((refusal as Error).message).toContain(`process ${holder.child.pid} (holder)`);

    // Killed outright, it leaves its lock behind: stale, taken over.
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(lockContent(dir).pid).toBe(holder.child.pid);
    const lock = lockDataDir(dir, 'npm start');
    expect(lockContent(dir)).toMatchObject({ pid: process.pid, command: 'npm start' });
    lock.release();
  });

  it('is released when its holder exits', async () => {
    const holder = await holdInChild(dir);
    holder.child.stdin!.write('exit\n');
    expect(await holder.exited).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it.each([
    ['a pid no process has', () => ({ pid: deadPid(), startTicks: null })],
    // After a container restart pids start over: the new server may have the old holder's pid.
    ["this process's pid, from before (not held here)", () => ({ pid: process.pid, startTicks: null })],
    // A live process with the holder's pid that started later: the pid was reused.
    ['a reused pid (another start time)', () => ({ pid: process.ppid, startTicks: existsSync('/proc/self/stat') ? '1' : null })],
  ])('takes over a stale lock: %s', (_name, stale) => {
    const { pid, startTicks } = stale();
    if (pid === process.ppid && startTicks === null) return; // no /proc: start times cannot be compared
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, startTicks, command: 'npm start', token: 'old' }));
    const lock = lockDataDir(dir, 'manage');
    expect(lockContent(dir)).toMatchObject({ pid: process.pid, command: 'manage' });
    lock.release();
  });

  it('takes over a lock file it cannot read, and never removes a lock that is no longer its own', () => {
    writeFileSync(join(dir, LOCK_FILE), 'not json');
    const lock = lockDataDir(dir, 'manage');
    // Another process judged this lock stale and took the directory (it cannot be, but release must not undo that).
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startTicks: null, command: 'npm start', token: 'theirs' }));
    lock.release();
    expect(lockContent(dir)).toMatchObject({ pid: process.ppid, command: 'npm start' });
  });
});
