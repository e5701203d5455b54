import request from 'supertest';
import type { Express } from 'express';
import { messageEndpoints } from '@chat/contracts';
import type { Database } from '@chat/db';
import { ApiError } from '@chat/errors';
import { httpInternalClient, loopbackListener, type InternalClient } from '@chat/http';
import { devRealmId, headersFor, inThreadRenderer, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';

describe('internal API: POST /internal/messages', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  let internal: InternalClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() });
    const loopback = await loopbackListener(app);
    close = loopback.close;
    internal = httpInternalClient({ message: loopback.url }, config.internalSecret, 'subscription');
  });
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('posts as the named bot for a signed service call', async () => {
    const realmId = await devRealmId(db);
    const body = await internal.call(
      messageEndpoints.sendInternalMessage,
      { sender_email: 'notification-bot@zulip.com', type: 'stream', to: 'Verona', topic: 'stream events', content: 'hello' },
      { realmId },
    );
    const stored = await db.knex('messages').where({ id: body.id }).first();
    expect(stored).toMatchObject({ subject: 'stream events', content: 'hello', sending_client: 'Internal' });
  });

  it('passes the message service errors back as ApiErrors', async () => {
    const realmId = await devRealmId(db);
    const call = internal.call(
      messageEndpoints.sendInternalMessage,
      { sender_email: 'notification-bot@zulip.com', type: 'stream', to: 'Atlantis', topic: 't', content: 'x' },
      { realmId },
    );
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', message: "Stream 'Atlantis' does not exist" });
  });

  it('refuses users and unsigned callers', async () => {
    const asUser = await request(app)
      .post('/api/v1/internal/messages')
      .set(await headersFor(db, config, 'iago@zulip.com'))
      .type('form')
      .send({ sender_email: 'iago@zulip.com', type: 'stream', to: 'Verona', topic: 't', content: 'x' });
    expect(asUser.status).toBe(401);
    const unsigned = await request(app).post('/api/v1/internal/messages').type('form').send({});
    expect(unsigned.status).toBe(401);
  });
});
