import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { headersFor, inThreadRenderer, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { truncateContent, truncateTopic } from '../src/lib/message-text';

describe('POST /messages (stream messages)', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const send = async (email: string, form: Record<string, string>) =>
    request(app)
      .post('/api/v1/messages')
      .set(await headersFor(db, config, email))
      .type('form')
      .send(form);

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() });
  });
  afterAll(() => db.close());

  it('stores the message, a row per subscriber and the sender, and one outbox notice', async () => {
    const res = await send('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'Castle', content: 'Hi' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const rows = await db.knex('user_messages').where({ message_id: res.body.id }).orderBy('user_id');
    // Denmark: hamlet, iago, othello, prospero, ZOE.
    expect(rows).toHaveLength(5);
    const outbox = await db.knex('outbox').orderBy('id', 'desc').first();
    const notice = typeof outbox.payload === 'string' ? JSON.parse(outbox.payload) : outbox.payload;
    expect(notice).toMatchObject({ v: 2, kind: 'message', publicStream: true, message: { id: res.body.id, subject: 'Castle' } });
    expect(notice.users).toHaveLength(5);
  });

  it('accepts the legacy subject name, a JSON list for to, and a stream id', async () => {
    const byName = await send('hamlet@zulip.com', { type: 'stream', to: '["Denmark"]', subject: 'Castle', content: 'x' });
    expect(byName.status).toBe(200);
    // An alias is the parameter itself, not one the server ignored.
    expect(byName.body.ignored_parameters_unsupported).toBeUndefined();
    const denmark = await db.knex('streams').where({ name: 'Denmark' }).first();
    const byId = await send('hamlet@zulip.com', { type: 'stream', to: `[${denmark.id}]`, subject: 'Castle', content: 'x' });
    expect(byId.status).toBe(200);
  });

  it.each([
    [{ type: 'stream', to: 'Denmark', topic: 'a' }, "Missing 'content' argument"],
    [{ type: 'stream', to: 'Denmark', content: 'x' }, 'Missing topic'],
    [{ type: 'stream', to: 'Denmark', topic: 'a', content: '  \n ' }, 'Message must not be empty'],
    [{ type: 'stream', to: 'Denmark,Verona', topic: 'a', content: 'x' }, 'Cannot send to multiple streams'],
    [{ type: 'stream', to: '', topic: 'a', content: 'x' }, 'Missing stream'],
    [{ type: 'carrier-pigeon', to: 'Denmark', topic: 'a', content: 'x' }, 'Invalid message type'],
  ])('rejects %j with "%s" and writes nothing', async (form, msg) => {
    const before = await db.knex('messages').count({ n: '*' }).first();
    const res = await send('hamlet@zulip.com', form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    const after = await db.knex('messages').count({ n: '*' }).first();
    expect(after).toEqual(before);
  });

  it('names a missing stream with STREAM_DOES_NOT_EXIST, HTML-escaped as Zulip does', async () => {
    const res = await send('hamlet@zulip.com', { type: 'stream', to: 'nonexistent_stream', topic: 'a', content: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Stream 'nonexistent_stream' does not exist",
      code: 'STREAM_DOES_NOT_EXIST',
      stream: 'nonexistent_stream',
    });
    const escaped = await send('hamlet@zulip.com', { type: 'stream', to: '<b>', topic: 'a', content: 'x' });
    expect(escaped.body.msg).toBe("Stream '&lt;b&gt;' does not exist");
  });

  it('lets a guest post only where subscribed', async () => {
    const denied = await send('polonius@zulip.com', { type: 'stream', to: 'Denmark', topic: 'a', content: 'x' });
    expect(denied.body).toEqual({ result: 'error', msg: "Not authorized to send to stream 'Denmark'", code: 'BAD_REQUEST' });
    const allowed = await send('polonius@zulip.com', { type: 'stream', to: 'Verona', topic: 'a', content: 'x' });
    expect(allowed.status).toBe(200);
  });

  it('truncates long topics and content as Zulip does, content by bytes', async () => {
    const res = await send('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'T'.repeat(61), content: 'é'.repeat(6000) });
    const stored = await db.knex('messages').where({ id: res.body.id }).first();
    expect(stored.subject).toBe(`${'T'.repeat(57)}...`);
    expect(Buffer.byteLength(stored.content, 'utf8')).toBeLessThanOrEqual(10000);
    expect(stored.content.endsWith('\n[message truncated]')).toBe(true);
  });

  it('records the client name and marks a human client message read for its sender', async () => {
    const res = await request(app)
      .post('/api/v1/messages')
      .set(await headersFor(db, config, 'hamlet@zulip.com'))
      .set('User-Agent', 'ZulipMobile/26.1')
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic: 'a', content: 'x' });
    const stored = await db.knex('messages').where({ id: res.body.id }).first();
    expect(stored.sending_client).toBe('ZulipMobile');
    const hamlet = await db.knex('users').where({ email: 'hamlet@zulip.com' }).first();
    const row = await db.knex('user_messages').where({ message_id: res.body.id, user_id: hamlet.id }).first();
    expect(row.flags & 1).toBe(1);
  });
});

describe('truncation helpers', () => {
  it('keeps short values as they are', () => {
    expect(truncateTopic('short')).toBe('short');
    expect(truncateContent('short')).toBe('short');
  });

  it('cuts content at a character boundary within 10000 bytes', () => {
    const cut = truncateContent('😀'.repeat(3000));
    expect(Buffer.byteLength(cut, 'utf8')).toBeLessThanOrEqual(10000);
    expect(cut.replace('\n[message truncated]', '')).toMatch(/^(😀)+$/u);
  });
});
