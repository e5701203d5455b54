/**
 * One process per DATA_DIR. PGlite is one process's database: a second writer on its directory
 * (a second `npm start`, or `npm run manage` while the server runs) corrupts it or has its changes
 * silently lost. So the embedded server and `manage` take DATA_DIR/chat.lock before they open
 * anything there, and a second one is refused with the holder's pid.
 *
 * The lock is a file created exclusively (O_EXCL) holding the holder's pid. It is removed when
 * the process exits; a process killed outright (SIGKILL, a crash of the machine) leaves it
 * behind, so a lock whose holder is gone is taken over. "Gone" is: no process with that pid, or
 * one that started at another time than the holder did (Linux's /proc start time), since pids are
 * reused, in a container after every restart.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'chat.lock';

interface Holder {
  pid: number;
  /** The holder's start time in clock ticks since boot (/proc/<pid>/stat), where there is /proc. */
  startTicks: string | null;
  /** What holds it, for the refusal message: `npm start`, `manage`. */
  command: string;
  /** Tells this process's locks apart (the same pid may have held it before a restart). */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    holderCommand: string,
  ) {
    super(`DATA_DIR ${dataDir} is in use by process ${holderPid} (${holderCommand}); stop it first, or use another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock (also done at process exit). */
  release(): void;
}

/** Lock files this process holds: its own pid in a lock file is stale unless listed here. */
const heldHere = new Set<string>();

/**
 * Takes DATA_DIR's lock for `command`, or throws DataDirLockedError naming the live holder.
 * Synchronous, so nothing else runs before it.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(join(dataDir, LOCK_FILE));
  const mine: Holder = { pid: process.pid, startTicks: startTicksOf(process.pid), command, token: randomBytes(8).toString('hex') };
  // Each turn either takes the lock, refuses, or clears a stale one; a few turns cover races.
  for (let turn = 0; turn < 5; turn++) {
    if (createExclusively(file, JSON.stringify(mine))) return held(file, mine);
    const holder = readHolder(file);
    if (holder === 'missing') continue;
    if (holder !== 'unreadable' && isAlive(holder, file)) throw new DataDirLockedError(dataDir, holder.pid, holder.command);
    clearStale(file, holder);
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it`);
}

function held(file: string, mine: Holder): DataDirLock {
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    const current = readHolder(file);
    // Never remove a lock another process has taken since (it judged this one stale).
    if (typeof current === 'object' && current.token === mine.token) unlinkQuietly(file);
  };
  process.on('exit', release);
  return { file, release };
}

function createExclusively(file: string, content: string): boolean {
  // Written under another name, then linked into place: the lock never exists half-written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { mode: 0o644 });
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
  } finally {
    unlinkQuietly(draft);
  }
  // A file system without hard links: an exclusive create (a reader may see it empty for a moment).
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function readHolder(file: string): Holder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return 'unreadable';
    return { pid: parsed.pid, startTicks: parsed.startTicks ?? null, command: parsed.command ?? 'unknown', token: parsed.token };
  } catch {
    return 'unreadable';
  }
}

function isAlive(holder: Holder, file: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks === null || ticks === null || ticks === holder.startTicks;
}

/**
 * Moves the stale lock aside under a name of this process's: of two processes clearing it at once
 * only one rename succeeds. If what was moved is not the stale lock but a fresh one another
 * process took in between, it is put back, and the next turn finds that holder alive.
 */
function clearStale(file: string, stale: Holder | 'unreadable'): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readHolder(aside);
  const wasStale = stale === 'unreadable' ? moved === 'unreadable' : typeof moved === 'object' && moved.token === stale.token;
  if (!wasStale) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone took the lock meanwhile: theirs stands.
    }
  }
  unlinkQuietly(aside);
}

/** Field 22 of /proc/<pid>/stat (start time since boot); null without /proc or for a gone process. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
