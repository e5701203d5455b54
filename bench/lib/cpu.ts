/**
 * CPU time spent by processes on this machine, read from /proc/<pid>/stat: a process's own user
 * and system time (all its threads) plus what its exited children were charged (cutime, cstime).
 * A tree's time is the sum over every live process in it, so a PostgreSQL backend that lived
 * through the whole measurement counts through its own line, and one that exited during it
 * through the postmaster's cutime once the postmaster reaped it; nothing is counted twice.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
  // The command name is in parentheses and may hold spaces or parentheses itself.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { pid, comm, ppid: at(4), ticks: at(14) + at(15) + at(16) + at(17) };
}

function allStats(): Stat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((s): s is Stat => s !== null);
}

/** A named group of processes: the trees rooted at `roots`. */
export interface ProcessGroup {
  name: string;
  roots: number[];
}

/**
 * The roots of a system service's process tree by command name, e.g. 'postgres' gives the
 * postmaster (the postgres process whose parent is not one), 'nats-server' the broker.
 */
export function serviceRoots(comm: string): number[] {
  const stats = allStats();
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  return stats.filter((s) => s.comm === comm && byPid.get(s.ppid)?.comm !== comm).map((s) => s.pid);
}

/** Milliseconds of CPU each group has used so far (its trees, live processes only). */
export function cpuMillis(groups: ProcessGroup[]): Record<string, number> {
  const stats = allStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const treeTicks = (pid: number): number =>
    (byPid.get(pid)?.ticks ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + treeTicks(child.pid), 0);
  return Object.fromEntries(
    groups.map((g) => [g.name, (g.roots.reduce((sum, root) => sum + treeTicks(root), 0) * 1000) / TICKS_PER_SECOND]),
  );
}

/** What each group used between two readings, in milliseconds. */
export function cpuSpent(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - (before[name] ?? 0)]));
}
