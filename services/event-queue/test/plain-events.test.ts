import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger, waitFor } from '@chat/testing';
import { buildApp } from '../src/app';
import { plainEventsHandler, withPlainEvents } from '../src/routes/plain-events';
import { LocalPolls } from '../src/lib/polls';

jest.setTimeout(30_000);

/**
 * GET /events served without express must answer exactly as the express endpoint does: the same
 * server is asked both ways (a body sends the request to express) and the answers compared.
 */
describe('GET /events on plain node:http', () => {
  const config = testConfig();
  const store = new MemoryQueueStore();
  const polls = new LocalPolls();
  let db: Database;
  let server: Server;
  let url: string;
  let hamlet: Record<string, string>;
  let served: { plain: number };

  beforeAll(async () => {
    db = await seededDatabase(config);
    const deps = { config, db, store, logger: testLogger(), polls, heartbeatMs: () => 20_000 };
    const plain = plainEventsHandler(deps);
    served = { plain: 0 };
    const counted = (req: Parameters<typeof plain>[0], res: Parameters<typeof plain>[1]) => {
      const handled = plain(req, res);
      if (handled) served.plain += 1;
      return handled;
    };
    server = createServer(withPlainEvents(counted, buildApp(deps)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    hamlet = await headersFor(db, config, 'hamlet@zulip.com');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await db.close();
  });

  async function newQueue(): Promise<string> {
    const res = await request(url).post('/api/v1/register').set(hamlet).type('form').send({ event_types: '["message"]' });
    return res.body.queue_id as string;
  }

  /** The same query, once plain and once through express (a form body the plain path leaves alone). */
  async function bothWays(headers: Record<string, string>, query: Record<string, string | number>) {
    const before = served.plain;
    const plain = await request(url).get('/api/v1/events').set(headers).query(query);
    expect(served.plain).toBe(before + 1);
    const viaExpress = await request(url).get('/api/v1/events').set(headers).type('form').send({ unused: '1' }).query(query);
    expect(served.plain).toBe(before + 1);
    return { plain, viaExpress };
  }

  const answer = (res: request.Response) => ({
    status: res.status,
    body: res.body as unknown,
    type: res.headers['content-type'],
    challenge: res.headers['www-authenticate'],
    hasRequestId: typeof res.headers['x-request-id'] === 'string',
  });

  it.each([
    ['events waiting', (q: string) => ({ queue_id: q, last_event_id: -1 })],
    ['dont_block on an empty queue', (q: string) => ({ queue_id: q, last_event_id: -1, dont_block: 'true' })],
    ['a missing queue', () => ({ queue_id: '1:424242', last_event_id: -1 })],
    ['no last_event_id', (q: string) => ({ queue_id: q })],
    ['an id the queue never had', (q: string) => ({ queue_id: q, last_event_id: 99 })],
    ['a malformed last_event_id', (q: string) => ({ queue_id: q, last_event_id: 'x' })],
  ])('answers %s as express does', async (_name, queryFor) => {
    const queueId = await newQueue();
    await store.append([{ queueId, event: { type: 'message', message: { id: 1 }, flags: [] } }]);
    const { plain, viaExpress } = await bothWays(hamlet, queryFor(queueId));
    const expressAnswer = answer(viaExpress);
    // handler_id numbers each answer, so the two differ by design.
    if (typeof plain.body.handler_id === 'number') expressAnswer.body = { ...viaExpress.body, handler_id: plain.body.handler_id };
    expect(answer(plain)).toEqual(expressAnswer);
  });

  it("refuses a caller without identity, and another user's queue, as express does", async () => {
    const queueId = await newQueue();
    const anonymous = await bothWays({}, { queue_id: queueId, last_event_id: -1 });
    expect(anonymous.plain.status).toBe(401);
    expect(answer(anonymous.plain)).toEqual(answer(anonymous.viaExpress));
    const othello = await headersFor(db, config, 'othello@zulip.com');
    const other = await bothWays(othello, { queue_id: queueId, last_event_id: -1, dont_block: 'true' });
    expect(other.plain.body).toEqual({ result: 'error', msg: 'You are not authorized to get events from this queue' });
    expect(answer(other.plain)).toEqual(answer(other.viaExpress));
  });

  it('parks until an event arrives, then answers with queue_id', async () => {
    const queueId = await newQueue();
    const parked = request(url)
      .get('/api/v1/events')
      .set(hamlet)
      .query({ queue_id: queueId, last_event_id: -1 })
      .then((res) => res);
    await waitFor(() => store.parkedWaiters === 1);
    await store.append([{ queueId, event: { type: 'message', message: { id: 2 }, flags: [] } }]);
    const res = await parked;
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      queue_id: queueId,
      events: [{ type: 'message', message: { id: 2 }, flags: [], id: 0 }],
    });
    expect(polls.size).toBe(0);
  });

  it('releases the parked poll when the client goes away', async () => {
    const queueId = await newQueue();
    const controller = new AbortController();
    const gone = fetch(`${url}/api/v1/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=-1`, {
      headers: hamlet,
      signal: controller.signal,
    }).catch(() => 'aborted');
    await waitFor(() => store.parkedWaiters === 1 && polls.size === 1);
    controller.abort();
    expect(await gone).toBe('aborted');
    await waitFor(() => store.parkedWaiters === 0 && polls.size === 0);
  });
});
