/**
 * /health and /metrics, the request id, and the API documents, in both topologies: the embedded
 * server in-process, and the distributed one as real processes started by deploy/local/run.ts
 * (the operators' runner), stopped with SIGTERM at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, createTestDatabase, testConfig, testLogger, waitFor, type TestDatabase } from '@chat/testing';
import { createDatabase } from '@chat/db';
import { API_DOCS_CSP, REDOC_SCRIPT_PATH, WEB_APP_CSP } from '@chat/gateway-service';
import { freePortRange, spawnEntry, stopProcess, waitForHttp, type ServerProcess } from './process.harness';

/** The value of a sample line in Prometheus' text format (first match), or undefined. */
function sample(metrics: string, prefix: string): number | undefined {
  const line = metrics.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('operations (embedded)', () => {
  let server: Standalone;

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
  });
  afterAll(() => server.stop());

  it('answers /health/live and /health/ready with its database check', async () => {
    const live = await request(server.app).get('/health/live');
    expect(live.status).toBe(200);
    const ready = await request(server.app).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', ready: true, draining: false, checks: { database: 'up' } });
  });

  it('exposes Prometheus metrics: process, requests by route template and status, the event tier', async () => {
    const hamlet = await new ApiClient(server.app).loginAs('hamlet@zulip.com');
    const othello = await new ApiClient(server.app).loginAs('othello@zulip.com');
    await othello.post('/register', { event_types: ['message'] }).expect(200);
    await hamlet.get('/messages/12345').expect(400);
    const requestId = `ops-${randomBytes(4).toString('hex')}`;
    const sent = await hamlet
      .post('/messages', { type: 'stream', to: 'Denmark', topic: 'metrics', content: 'counted' })
      .set('X-Request-Id', requestId)
      .expect(200);
    expect(sent.headers['x-request-id']).toBe(requestId);

    // The outbox row remembers the request; the relay and the worker take it on from there.
    const row = await server.db.knex('outbox').orderBy('id', 'desc').first('request_id');
    expect(row.request_id).toBe(requestId);

    let text = '';
    await waitFor(async () => {
      text = (await request(server.app).get('/metrics')).text;
      return (sample(text, 'chat_events_appended_total') ?? 0) >= 1;
    }, 5000);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/messages\/:message_id"[^}]*status="400"[^}]*\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/messages"[^}]*status="200"/);
    expect(text).not.toContain('route="/api/v1/messages/12345"');
    expect(sample(text, 'chat_event_queues')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'chat_event_parked_polls')).toBe(0);
    // committedAt rode the bus event: the latency histogram has the delivery.
    expect(sample(text, 'chat_event_delivery_latency_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('generates a request id when the caller sends none, and refuses to echo a malformed one', async () => {
    const res = await request(server.app).get('/api/v1/server_settings').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await request(server.app).get('/api/v1/server_settings').set('X-Request-Id', 'a b<script>').expect(200);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document and the reference page', async () => {
    const doc = await request(server.app).get('/api/v1/openapi.json').expect(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/messages'].post.security).toEqual([{ basicAuth: [] }]);
    const page = await request(server.app).get('/api/v1/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(page.text).toContain(`<script src="${REDOC_SCRIPT_PATH}">`);
    // The renderer itself, from the server, under the same policy.
    const script = await request(server.app).get(REDOC_SCRIPT_PATH).expect(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.text.length).toBeGreaterThan(100_000);
    // The web client's own policy stays strict: the relaxations are the reference page's only.
    expect(WEB_APP_CSP).not.toContain('unsafe-inline');
    expect(API_DOCS_CSP).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('becomes unready once draining', async () => {
    server.health.markDraining();
    const ready = await request(server.app).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unready', draining: true, checks: { database: 'up' } });
    expect((await request(server.app).get('/health/live')).status).toBe(200);
  });
});

describe('operations (distributed: deploy/local/run.ts, one process per service)', () => {
  const namespace = `t${randomBytes(5).toString('hex')}`;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  let testDb: TestDatabase;
  let dataDir: string;
  let runner: ServerProcess | undefined;
  let base = 0;
  const url = (offset: number, path: string) => `http://127.0.0.1:${base + offset}${path}`;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'chat-ops-'));
    base = await freePortRange(7);
    runner = spawnEntry('deploy/local/run.ts', {
      PORT: String(base),
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      CHAT_NAMESPACE: namespace,
      CHAT_ENV: 'development',
      LOG_LEVEL: 'debug',
      SHUTDOWN_GRACE_SECS: '20',
    });
    await waitForHttp(url(0, '/health/ready'), (status) => status === 200, 120_000, runner);
  }, 150_000);

  afterAll(async () => {
    await stopProcess(runner);
    const nc = await connect({ servers: natsUrl });
    await (await jetstreamManager(nc)).streams.delete(`${namespace}_events`).catch(() => undefined);
    await nc.close();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every process answers /health/live, /health/ready (with the checks it needs) and /metrics', async () => {
    const expected: Record<number, string[]> = {
      0: ['database'], // gateway: its database only, never a service
      1: ['database'],
      2: ['database'],
      3: ['database'],
      4: ['database'],
      5: ['database', 'nats', 'redis'],
      6: ['database', 'nats', 'redis'],
    };
    for (const [offset, checks] of Object.entries(expected)) {
      const live = await fetch(url(Number(offset), '/health/live'));
      expect(live.status).toBe(200);
      const ready = await fetch(url(Number(offset), '/health/ready'));
      const body = (await ready.json()) as { checks: Record<string, string> };
      expect({ offset, status: ready.status, checks: body.checks }).toEqual({
        offset,
        status: 200,
        checks: Object.fromEntries(checks.map((c) => [c, 'up'])),
      });
      const metrics = await (await fetch(url(Number(offset), '/metrics'))).text();
      expect(metrics).toContain('process_resident_memory_bytes');
      expect(metrics).toContain('# TYPE http_request_duration_seconds histogram');
    }
    const eventTier = await (await fetch(url(5, '/metrics'))).text();
    for (const name of ['chat_event_queues', 'chat_event_parked_polls', 'chat_events_appended_total', 'chat_bus_consumer_lag']) {
      expect(eventTier).toContain(`# TYPE ${name}`);
    }
  });

  it('carries the request id from the gateway through the service and the bus to the event tier', async () => {
    const gateway = url(0, '');
    const hamlet = await new ApiClient(gateway).loginAs('hamlet@zulip.com');
    const othello = await new ApiClient(gateway).loginAs('othello@zulip.com');
    await othello.post('/register', { event_types: ['message'] }).expect(200);
    const requestId = `ops-${randomBytes(6).toString('hex')}`;
    const sent = await hamlet
      .post('/messages', { type: 'stream', to: 'Denmark', topic: 'trace', content: 'follow me' })
      .set('X-Request-Id', requestId)
      .expect(200);
    expect(sent.headers['x-request-id']).toBe(requestId);

    const db = await createDatabase({ url: testDb.url, poolMax: 1 });
    try {
      const row = await db.knex('outbox').where({ request_id: requestId }).first('id');
      expect(row).toBeDefined();
    } finally {
      await db.close();
    }
    // One JSON line from each hop, all with the same id: gateway, message service, event tier.
    const lines = () =>
      runner!
        .output()
        .split('\n')
        .filter((l) => l.includes(requestId));
    await waitFor(() => lines().some((l) => l.startsWith('[event-queue') && l.includes('bus record delivered')), 10_000, { stepMs: 50 });
    expect(lines().some((l) => l.startsWith('[gateway]') && l.includes('"route":"/api/v1/messages"'))).toBe(true);
    expect(lines().some((l) => l.startsWith('[message]') && l.includes('"status":200'))).toBe(true);
    // Credentials never reach the log.
    expect(runner!.output()).not.toMatch(/"authorization":"Basic/i);

    const metrics = await (await fetch(url(0, '/metrics'))).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/messages"[^}]*status="200"/);
  });

  it('the gateway serves the OpenAPI document the runner generated', async () => {
    const doc = (await (await fetch(url(0, '/api/v1/openapi.json'))).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/messages/{message_id}');
    const page = await fetch(url(0, '/api/v1/docs'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(API_DOCS_CSP);
    expect((await fetch(url(0, REDOC_SCRIPT_PATH))).headers.get('content-type')).toMatch(/^application\/javascript/);
  });

  it('stops every process gracefully on SIGTERM', async () => {
    runner!.child.kill('SIGTERM');
    expect(await runner!.exited).toBe(0);
    expect(runner!.output().match(/"msg":"shut down"/g)?.length).toBe(7);
  }, 60_000);
});
