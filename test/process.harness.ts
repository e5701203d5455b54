/**
 * Real server processes for the operations suites: spawned with tsx exactly as deploy/local runs
 * them, so signals, exit codes and the process entry (main.ts) are what is tested.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { waitFor } from '@chat/testing';

export const ROOT = resolve(__dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (for failure messages and log assertions). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** `count` consecutive free ports (deploy/local puts the services on the ports after PORT). */
/**
 * The first port of the kernel's ephemeral range: ports below it are never handed out for an
 * outgoing connection or a listen on port 0, so no other test can take one between the check
 * here and the server's own bind.
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

export async function freePortRange(count: number): Promise<number> {
  const span = ephemeralLow() - count - 10_000;
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 10_000 + Math.floor(Math.random() * span);
    const ok = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (ok.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

export function isFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/** This process's environment without jest's flags, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _jestFlags, JEST_WORKER_ID: _worker, ...parentEnv } = process.env;
  return { ...parentEnv, ...env };
}

export function spawnEntry(entry: string, env: Record<string, string>, args: string[] = []): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child);
}

/** `npm <args>` as an operator types it (npm start, npm run start:distributed): the pid is npm's. */
export function spawnNpm(args: string[], env: Record<string, string>): ServerProcess {
  return track(spawn('npm', args, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }));
}

function track(child: ChildProcess): ServerProcess {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/** Polls `url` until `accept(status, body)` holds; throws with the process output otherwise. */
export async function waitForHttp(
  url: string,
  accept: (status: number, body: string) => boolean,
  timeoutMs: number,
  proc?: ServerProcess,
): Promise<void> {
  let last = 'no answer';
  const accepted = async (): Promise<boolean> => {
    if (proc && proc.child.exitCode !== null) throw new Error(`the process exited (${proc.child.exitCode})`);
    try {
      const res = await fetch(url);
      const body = await res.text();
      if (accept(res.status, body)) return true;
      last = `${res.status} ${body.slice(0, 200)}`;
    } catch (err) {
      last = String(err);
    }
    return false;
  };
  try {
    await waitFor(accepted, timeoutMs, { stepMs: 200 });
  } catch (err) {
    throw new Error(`${url} not as expected within ${timeoutMs} ms (last: ${last}; ${String(err)})\n${proc?.output().slice(-4000) ?? ''}`);
  }
}

export async function stopProcess(proc: ServerProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGKILL');
  await proc.exited;
}
