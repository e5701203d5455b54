/**
 * One process per DATA_DIR, with real processes (`npm start`'s and `npm run manage`'s entries): a
 * second embedded server and `manage` are refused while one runs, in one line naming its pid and
 * before they open anything; a server killed with SIGKILL leaves a stale lock the next one takes
 * over; a server that stops releases it, and `manage` then works.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { LOCK_FILE } from '@chat/runtime';
import { waitFor } from '@chat/testing';
import { freePort, ROOT, spawnEntry, stopProcess, waitForHttp, type ServerProcess } from './process.harness';

jest.setTimeout(180_000);

const STANDALONE = 'services/standalone/src/main.ts';

/** The answer to a POST that announces `length` bytes and sends none. */
function headersOnly(base: string, length: number): Promise<string> {
  return new Promise((resolveAnswer) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolveAnswer(text));
    socket.on('error', () => undefined);
    socket.write(`POST /api/v1/user_uploads HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n`);
  });
}

describe('one process per DATA_DIR', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  /** `npm run manage -- <args>`: resolves with its exit code and what it printed. */
  function manage(...args: string[]): Promise<{ code: number; output: string }> {
    const { NODE_OPTIONS: _jestFlags, JEST_WORKER_ID: _worker, ...parentEnv } = process.env;
    return new Promise((resolveRun) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'services/settings/src/cli.ts'), ...args],
        { cwd: ROOT, env: { ...parentEnv, ...env } },
        (err, stdout, stderr) => {
          resolveRun({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr });
        },
      );
    });
  }

  async function startServer(more: Record<string, string> = {}): Promise<{ proc: ServerProcess; base: string }> {
    const port = await freePort();
    const proc = spawnEntry(STANDALONE, { ...env, PORT: String(port), ...more });
    running.push(proc);
    return { proc, base: `http://127.0.0.1:${port}` };
  }

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-lock-'));
    // No secrets in the environment: the development server keeps them in DATA_DIR/secrets.json.
    env = { DATA_DIR: dataDir, CHAT_ENV: 'development', LOG_LEVEL: 'warn', INTERNAL_SECRET: '', API_KEY_SECRET: '', DATABASE_URL: '' };
  });
  afterAll(async () => {
    for (const proc of running) await stopProcess(proc);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server and manage while one runs, takes over after SIGKILL, releases at exit', async () => {
    const first = await startServer();
    await waitForHttp(`${first.base}/health/ready`, (status) => status === 200, 90_000, first.proc);
    const pid = first.proc.child.pid!;

    const second = await startServer();
    expect(await second.proc.exited).toBe(1);
    const refusal = `DATA_DIR ${dataDir} is in use by process ${pid} (npm start); stop it first, or use another DATA_DIR.`;
    expect(second.proc.output().trim()).toBe(refusal);

    const refusedManage = await manage('print-zuliprc', 'hamlet@zulip.com');
    expect(refusedManage).toEqual({ code: 1, output: `error: ${refusal}\n` });
    // The first server was not disturbed.
    expect((await fetch(`${first.base}/health/ready`)).status).toBe(200);
    // (Its entry applies the body cap too: an announced gigabyte is refused before it is sent.)
    expect(await headersOnly(first.base, 1073741824)).toMatch(/^HTTP\/1\.1 413 /);

    // Killed outright, the server leaves its lock; the next one takes it over and serves.
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    // Its own log line says it listens (and so handles SIGTERM): a free port picked for it may be
    // taken by another suite's server meanwhile, whose /health/ready would answer for it.
    const third = await startServer({ LOG_LEVEL: 'info' });
    await waitFor(() => third.proc.output().includes('"msg":"listening"'), 90_000, { what: 'the third server listens' });
    await waitForHttp(`${third.base}/health/ready`, (status) => status === 200, 90_000, third.proc);

    // Stopped, it releases the lock, and manage works on the same data.
    third.proc.child.kill('SIGTERM');
    expect(await third.proc.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const zuliprc = await manage('print-zuliprc', 'hamlet@zulip.com');
    expect(zuliprc.code).toBe(0);
    expect(zuliprc.output).toMatch(/^\[api\]\nemail=hamlet@zulip\.com\nkey=\w{32}\n/);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
