/**
 * A replica killed with SIGKILL loses no queue and no event: two event-queue processes consume
 * the bus; one is killed while messages are being sent; the queue, kept in Redis, goes on being
 * served by the other, which also gets the record the dead one held (after BUS_ACK_WAIT_SECS),
 * and the client receives every message exactly once, in order.
 */
import request from 'supertest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { userIdentity } from '@chat/auth';
import { createApiKeyCipher, createDatabase, getUserByEmail, seedDevRealm, type Database } from '@chat/db';
import { identityHeaders } from '@chat/http';
import { buildApp as buildMessage } from '@chat/message-service';
import {
  createTestDatabase,
  devRealmId,
  inThreadRenderer,
  PROCESS_SECRETS,
  startProcess,
  testConfig,
  testLogger,
  waitFor,
  type ServerProcess,
  type TestDatabase,
} from '@chat/testing';

const MESSAGES = 30;

describe('an event-queue replica killed with SIGKILL', () => {
  let testDb: TestDatabase;
  let db: Database;
  let replicas: ServerProcess[] = [];
  let messageServer: Server;
  let messageUrl: string;
  const config = testConfig({ internalSecret: PROCESS_SECRETS.INTERNAL_SECRET, apiKeySecret: PROCESS_SECRETS.API_KEY_SECRET });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await createDatabase({ url: testDb.url, poolMax: 4 });
    await seedDevRealm(db.knex, createApiKeyCipher(config.apiKeySecret));
    const env = { DATABASE_URL: testDb.url, CHAT_NAMESPACE: config.namespace, BUS_ACK_WAIT_SECS: '2', LOG_LEVEL: 'error' };
    replicas = await Promise.all([0, 1].map(() => startProcess('services/event-queue/src/main.ts', env)));
    messageServer = createServer(
      buildMessage({ config: { ...config, databaseUrl: testDb.url }, db, logger: testLogger(), renderer: inThreadRenderer() }),
    );
    await new Promise<void>((resolve) => messageServer.listen(0, '127.0.0.1', resolve));
    messageUrl = `http://127.0.0.1:${(messageServer.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    messageServer.closeAllConnections();
    await new Promise((resolve) => messageServer.close(resolve));
    await db.close();
    await testDb.drop();
  });

  const headers = async (email: string) => {
    const user = await getUserByEmail(db.knex, await devRealmId(db), email);
    return identityHeaders(userIdentity(user!), config.internalSecret);
  };

  it('keeps the queue and delivers every message exactly once through the surviving replica', async () => {
    const [doomed, survivor] = replicas as [ServerProcess, ServerProcess];
    const othello = await headers('othello@zulip.com');
    const hamlet = await headers('hamlet@zulip.com');
    const registered = await request(doomed.url).post('/api/v1/register').set(othello).type('form').send({ event_types: '["message"]' });
    expect(registered.status).toBe(200);
    const queueId = registered.body.queue_id as string;

    const sent: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      if (i === MESSAGES / 2) await doomed.kill();
      const res = await request(messageUrl)
        .post('/api/v1/messages')
        .set(hamlet)
        .type('form')
        .send({ type: 'stream', to: 'Denmark', topic: 'kill -9', content: `m${i}` });
      expect(res.status).toBe(200);
      sent.push(res.body.id);
    }

    const received: number[] = [];
    let lastEventId = -1;
    const all = async () => {
      const res = await request(survivor.url)
        .get('/api/v1/events')
        .query({ queue_id: queueId, last_event_id: lastEventId, dont_block: true })
        .set(othello);
      expect(res.status).toBe(200);
      for (const event of res.body.events as { id: number; message: { id: number } }[]) {
        lastEventId = event.id;
        received.push(event.message.id);
      }
      return received.length >= MESSAGES;
    };
    await waitFor(all, 30_000, { stepMs: 100, what: `${MESSAGES} messages` });
    expect(received).toEqual(sent);
  }, 90_000);
});
