/**
 * SIGTERM drops no request: the embedded server, as its own process, is stopped while a long-poll
 * is parked and a message is half-uploaded. Both must get a complete answer, and the process
 * must exit 0 (within the grace period) having saved its queues.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, parkedPolls, waitFor } from '@chat/testing';
import { freePort, spawnEntry, stopProcess, waitForHttp, type ServerProcess } from './process.harness';

interface Answer {
  status: number;
  body: string;
}

/**
 * A raw HTTP request whose body is sent in two parts, the second when `second` resolves.
 * `inFlight` resolves once the server has taken the request up: it asks to be invited to send
 * the body (Expect: 100-continue), which the server does as it hands the request to the app.
 */
function slowPost(
  base: string,
  path: string,
  auth: string,
  body: string,
  second: Promise<void>,
): { answer: Promise<Answer>; inFlight: Promise<void> } {
  const url = new URL(path, base);
  let invited!: () => void;
  const inFlight = new Promise<void>((resolve) => (invited = resolve));
  const answer = new Promise<Answer>((resolveAnswer, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.once('continue', invited);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void second.then(() => req.end(body.slice(half)));
  });
  return { answer, inFlight };
}

async function apiKey(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/dev_fetch_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email }),
  });
  const body = (await res.json()) as { api_key: string };
  return basicAuth(email, body.api_key);
}

describe('graceful shutdown (embedded server process, SIGTERM)', () => {
  let dataDir: string;
  let proc: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-shutdown-'));
  });
  afterAll(async () => {
    await stopProcess(proc);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the parked long-poll and the request in flight, then exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    proc = spawnEntry('services/standalone/src/main.ts', {
      PORT: String(port),
      DATA_DIR: dataDir,
      CHAT_ENV: 'development',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECS: '20',
    });
    await waitForHttp(`${base}/health/ready`, (status) => status === 200, 60_000, proc);

    const hamlet = await apiKey(base, 'hamlet@zulip.com');
    const othello = await apiKey(base, 'othello@zulip.com');
    const registered = await fetch(`${base}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: othello, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ event_types: '["message"]' }),
    });
    const { queue_id: queueId, last_event_id: lastEventId } = (await registered.json()) as {
      queue_id: string;
      last_event_id: number;
    };

    // In flight at SIGTERM: a long-poll parked on an empty queue ...
    const poll = fetch(`${base}/api/v1/events?${new URLSearchParams({ queue_id: queueId, last_event_id: String(lastEventId) })}`, {
      headers: { authorization: othello },
    }).then(async (res) => ({ status: res.status, body: await res.text() }));
    await waitFor(async () => (await parkedPolls(base)) === 1, 10_000, { stepMs: 50 });
    // ... and a message whose body is only half uploaded.
    let sendRest!: () => void;
    const rest = new Promise<void>((r) => (sendRest = r));
    const form = new URLSearchParams({ type: 'stream', to: 'Denmark', topic: 'shutdown', content: 'still delivered' }).toString();
    const { answer: send, inFlight } = slowPost(base, '/api/v1/messages', hamlet, form, rest);
    await inFlight;

    proc.child.kill('SIGTERM');
    // The parked poll is answered at once, with what the queue has (nothing): the client polls again.
    const polled = await poll;
    expect(polled.status).toBe(200);
    expect(JSON.parse(polled.body)).toMatchObject({ result: 'success', events: [] });
    // The process is still finishing the upload: the rest of the body arrives after SIGTERM.
    expect(proc.child.exitCode).toBeNull();
    sendRest();
    const sent = await send;
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ result: 'success', id: expect.any(Number) });

    expect(await proc.exited).toBe(0);
    const log = proc.output();
    expect(log).toContain('waiting for requests in flight');
    expect(log).toContain('"msg":"shut down"');
    // stop() ran after the requests: the queues were saved for the next start.
    expect(existsSync(join(dataDir, 'event-queues.json'))).toBe(true);
  }, 120_000);
});
