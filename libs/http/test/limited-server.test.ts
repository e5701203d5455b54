/**
 * The servers' body cap and deadlines, on raw sockets so what is (not) sent is exactly the test's:
 * an oversized Content-Length is answered before the body, a stalled body or slow headers close
 * the socket, and what must live (a slow body that keeps coming, a parked answer, an idle
 * keep-alive connection) does.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { hasSettled, provesNothingHappensFor, waitFor, writeSlowly } from '@chat/testing';
import { createLimitedServer, type ServerLimits } from '../src';

const LIMITS: ServerLimits = { maxBodyBytes: 1000, headersTimeoutMs: 600, bodyIdleTimeoutMs: 500, requestTimeoutMs: 2_000 };

/** A raw connection that records what the server sends and when it closed. */
interface Raw {
  socket: Socket;
  received(): string;
  closed: Promise<number>;
}

function open(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // The server may reset a connection it closes while the test still writes.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

describe('createLimitedServer', () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  /** Requests to /park, answered when the test says (a long-poll's heartbeat). */
  const parked: ServerResponse[] = [];

  beforeAll(async () => {
    server = createLimitedServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url === '/park') {
        parked.push(res);
        return;
      }
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => res.end(`got ${bytes}`));
    }, LIMITS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  it('answers an oversized Content-Length with a JSON 413 and Connection: close, the body never sent', async () => {
    const raw = await open(port);
    raw.socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n');
    await raw.closed;
    const [head, body] = raw.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(body).toBe('{"result":"error","msg":"Request body too large"}\n');
    expect(seen).toEqual([]);
  });

  it('after a 413, reads and drops what the client still sends for a while instead of resetting it', async () => {
    // A client that sends its body without waiting for an answer: closed at once with those bytes
    // unread, the connection would be reset, which can destroy the 413 before the client reads it.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    let failure: string | null = null;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', (err: NodeJS.ErrnoException) => (failure ??= err.code ?? err.message));
    const answered = new Promise<void>((resolve) => socket.once('end', resolve));
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n');
    await answered;
    expect(text).toMatch(/^HTTP\/1\.1 413 [^]*Request body too large/);
    writeSlowly(
      socket,
      Array.from({ length: 10 }, () => Buffer.alloc(64 * 1024)),
      30,
    );
    await provesNothingHappensFor(330, () => failure !== null, 'a reset while the client still sends');
    expect(failure).toBeNull();
    socket.destroy();
  });

  it('refuses an oversized `Expect: 100-continue` request without inviting the body', async () => {
    const raw = await open(port);
    raw.socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n');
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw.received()).not.toMatch(/100 Continue/);
    expect(seen).toEqual([]);
  });

  it('lets a body at the cap through, and invites one that asks', async () => {
    const raw = await open(port);
    raw.socket.write(`POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n${'x'.repeat(1000)}`);
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200 [^]*got 1000$/);
    const asking = await open(port);
    asking.socket.write('POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n');
    await waitFor(() => asking.received().startsWith('HTTP/1.1 100 Continue'), 5_000, { what: 'the invitation' });
    expect(asking.received()).toMatch(/^HTTP\/1\.1 100 Continue/);
    asking.socket.write('abc');
    await asking.closed;
    expect(asking.received()).toMatch(/got 3$/);
  });

  it('closes the socket of a body that stops coming', async () => {
    const raw = await open(port);
    raw.socket.write('POST /stall HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc');
    const closedAfter = await raw.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(LIMITS.bodyIdleTimeoutMs - 50);
    expect(closedAfter).toBeLessThan(LIMITS.bodyIdleTimeoutMs + 1_000);
    expect(raw.received()).toBe('');
  });

  it('closes a connection whose headers trickle (408)', async () => {
    const raw = await open(port);
    raw.socket.write('GET /slow HTTP/1.1\r\n');
    writeSlowly(
      raw.socket,
      Array.from({ length: 50 }, () => 'X-A: b\r\n'),
      100,
    );
    const closedAfter = await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfter).toBeLessThan(LIMITS.headersTimeoutMs + 1_000);
    expect(seen).toEqual([]);
  });

  /** Sends `chunks` pieces of a body, one every `everyMs`; resolves once the server closed. */
  async function trickle(chunks: number, everyMs: number): Promise<Raw> {
    const raw = await open(port);
    raw.socket.write(`POST /slow-upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${chunks * 10}\r\nConnection: close\r\n\r\n`);
    writeSlowly(
      raw.socket,
      Array.from({ length: chunks }, () => 'y'.repeat(10)),
      everyMs,
    );
    await raw.closed;
    return raw;
  }

  it('completes a slow body that keeps coming, for longer in total than the idle deadline', async () => {
    const started = Date.now();
    const raw = await trickle(8, 150);
    expect(Date.now() - started).toBeGreaterThan(LIMITS.bodyIdleTimeoutMs * 2);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200 [^]*got 80$/);
  });

  it('cuts off, at the whole-request cap, a body that keeps coming too slowly', async () => {
    const raw = await trickle(20, 150);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a parked answer and an idle keep-alive connection alone, past every deadline', async () => {
    const raw = await open(port);
    raw.socket.write('GET /park HTTP/1.1\r\nHost: x\r\n\r\n');
    const closed = hasSettled(raw.closed);
    await waitFor(() => parked.length === 1, 5_000, { what: 'the request parked' });
    // Answered long after every deadline, the whole-request cap too.
    await provesNothingHappensFor(LIMITS.requestTimeoutMs + 500, closed, 'the server closing a parked request');
    parked.pop()!.end('parked');
    await waitFor(() => raw.received().endsWith('parked'), 5_000, { what: 'the parked answer' });
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200 [^]*parked$/);
    // Idle on the kept-alive connection for longer than the header deadline, then a second request.
    await provesNothingHappensFor(LIMITS.headersTimeoutMs + 500, closed, 'the server closing an idle keep-alive connection');
    raw.socket.write('POST /again HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    await raw.closed;
    expect(raw.received()).toMatch(/got 2$/);
    expect(seen).toEqual(['GET /park', 'POST /again']);
  });
});
