/**
 * Idempotency-Key on POST /messages (issue 10, item 2): replay, reuse with another body, bad keys,
 * failed sends, expiry and the sweep, and requests that overlap, in one process (PGlite) and across
 * two replicas sharing PostgreSQL.
 */
import request from 'supertest';
import type { Express } from 'express';
import { createDatabase, type Database } from '@chat/db';
import {
  createTestDatabase,
  headersFor,
  inThreadRenderer,
  seededDatabase,
  testConfig,
  testLogger,
  waitFor,
  type TestDatabase,
} from '@chat/testing';
import { buildApp } from '../src/app';

jest.setTimeout(60_000);

const config = testConfig();
const HAMLET = 'hamlet@zulip.com';
const stream = (content: string) => ({ type: 'stream', to: 'Denmark', topic: 'retries', content });

const IN_USE = {
  result: 'error',
  msg: 'A request with this Idempotency-Key is already in progress',
  code: 'IDEMPOTENCY_KEY_IN_USE',
};

/** Headers are looked up once per user, so a request needs no database before it reaches the service. */
function sender(app: Express, db: Database) {
  const headers = new Map<string, Record<string, string>>();
  return async (form: Record<string, string>, key?: string, email = HAMLET) => {
    if (!headers.has(email)) headers.set(email, await headersFor(db, config, email));
    const req = request(app).post('/api/v1/messages').set(headers.get(email)!);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.type('form').send(form);
  };
}

const countMessages = async (db: Database, content: string) =>
  Number(((await db.knex('messages').where({ content }).count('* as n')) as { n: string }[])[0]!.n);
const countKeys = async (db: Database, key: string) =>
  Number(((await db.knex('idempotency_keys').where({ key }).count('* as n')) as { n: string }[])[0]!.n);

describe('Idempotency-Key on POST /messages (one process, PGlite)', () => {
  let db: Database;
  let app: Express;
  let send: ReturnType<typeof sender>;

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() });
    send = sender(app, db);
  });
  afterAll(() => db.close());

  it('answers a retry with the first send: same id, same body, one message', async () => {
    const first = await send(stream('once'), 'key-replay');
    expect(first.status).toBe(200);
    const again = await send(stream('once'), 'key-replay');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.body).toEqual({ result: 'success', msg: '', id: first.body.id });
    expect(await countMessages(db, 'once')).toBe(1);
    expect(await countKeys(db, 'key-replay')).toBe(1);
  });

  it('sends twice without a key', async () => {
    await send(stream('keyless'));
    await send(stream('keyless'));
    expect(await countMessages(db, 'keyless')).toBe(2);
  });

  it('keeps keys per user: the same key by another user is another send', async () => {
    const mine = await send(stream('per user'), 'key-shared');
    const theirs = await send(stream('per user'), 'key-shared', 'iago@zulip.com');
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await countMessages(db, 'per user')).toBe(2);
  });

  it('refuses the same key with a different request with 422 and sends nothing', async () => {
    await send(stream('original'), 'key-reused');
    const res = await send(stream('changed'), 'key-reused');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'This Idempotency-Key was already used for a different request',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await countMessages(db, 'changed')).toBe(0);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'cl\u00e9'],
  ])('rejects a key that is %s with 400 and stores nothing', async (_label, key) => {
    const res = await send(stream(`bad key ${key.length}`), key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'Invalid Idempotency-Key header: 1 to 255 printable ASCII characters expected',
      code: 'BAD_REQUEST',
    });
    expect(await countMessages(db, `bad key ${key.length}`)).toBe(0);
  });

  it('accepts a key of 255 printable characters', async () => {
    const key = `${'~ '.repeat(127)}!`;
    expect((await send(stream('long key'), key)).status).toBe(200);
    expect(await countKeys(db, key)).toBe(1);
  });

  it('does not store the key of a send that failed, so its retry sends', async () => {
    const failed = await send({ ...stream('retry after failure'), to: 'No such stream' }, 'key-failed');
    expect(failed.status).toBe(400);
    expect(await countKeys(db, 'key-failed')).toBe(0);
    const retried = await send(stream('retry after failure'), 'key-failed');
    expect(retried.status).toBe(200);
    expect(await countMessages(db, 'retry after failure')).toBe(1);
  });

  it('forgets keys after 24 hours: an old key matches nothing and expired keys are swept', async () => {
    const first = await send(stream('yesterday'), 'key-old');
    await db
      .knex('idempotency_keys')
      .where({ key: 'key-old' })
      .update({ created_at: db.knex.raw("now() - interval '25 hours'") });
    const hamlet = (await db.knex('users').where({ email: HAMLET }).first('id')) as { id: number };
    await db.knex('idempotency_keys').insert({
      user_id: hamlet.id,
      key: 'key-expired-elsewhere',
      request_hash: 'x',
      response: JSON.stringify({ id: 1 }),
      created_at: db.knex.raw("now() - interval '25 hours'"),
    });

    const second = await send(stream('yesterday'), 'key-old');
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await countMessages(db, 'yesterday')).toBe(2);
    // The old row was taken over by the new send; the other expired one was swept.
    const row = (await db.knex('idempotency_keys').where({ key: 'key-old' }).first('response')) as { response: unknown };
    const response = typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
    expect(response).toEqual({ id: second.body.id });
    expect(await countKeys(db, 'key-expired-elsewhere')).toBe(0);
  });

  it('answers 409 to a request whose key is still in flight, and sends once', async () => {
    // Holding the one PGlite connection keeps whichever request claims the key first in flight.
    let release!: () => void;
    let holding = false;
    const held = db.knex.transaction(async () => {
      holding = true;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await waitFor(() => holding);
    const settled: request.Response[] = [];
    const both = [send(stream('in flight'), 'key-concurrent'), send(stream('in flight'), 'key-concurrent')].map((p) =>
      p.then((res) => {
        settled.push(res);
        return res;
      }),
    );
    // Without the in-flight check neither answers while the database is held.
    await waitFor(() => settled.length > 0, 20_000);
    expect(settled[0]!.status).toBe(409);
    expect(settled[0]!.body).toEqual(IN_USE);
    release();
    await held;
    const answers = await Promise.all(both);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await countMessages(db, 'in flight')).toBe(1);
    // Once the first finished, a retry replays it.
    const retry = await send(stream('in flight'), 'key-concurrent');
    expect(retry.body.id).toBe(answers.find((r) => r.status === 200)!.body.id);
  });
});

describe('Idempotency-Key across two replicas of the message service (PostgreSQL)', () => {
  let testDb: TestDatabase;
  let dbs: Database[];
  let replicas: ReturnType<typeof sender>[];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const seeded = await seededDatabase(config, testDb.url);
    dbs = [seeded, await createDatabase({ url: testDb.url, poolMax: 4 })];
    replicas = dbs.map((db) => sender(buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() }), db));
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await testDb.drop();
  });

  it('answers 409 while another replica holds the key in its transaction', async () => {
    const hamlet = (await dbs[0]!.knex('users').where({ email: HAMLET }).first('id')) as { id: number };
    let release!: () => void;
    let locked = false;
    // What the other replica's send transaction holds while it writes the message.
    const other = dbs[1]!.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [hamlet.id, 'key-other-replica']);
      locked = true;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await waitFor(() => locked);
    const res = await replicas[0]!(stream('other replica'), 'key-other-replica');
    release();
    await other;
    expect(res.status).toBe(409);
    expect(res.body).toEqual(IN_USE);
    expect(await countMessages(dbs[0]!, 'other replica')).toBe(0);
  });

  it('writes one message per key when both replicas get the same requests at once', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `key-race-${i}`);
    const answers = await Promise.all(
      keys.flatMap((key) => replicas.map((replicaSend) => replicaSend(stream(`race ${key}`), key).then((res) => ({ key, res })))),
    );
    const statuses = answers.map((a) => a.res.status);
    console.log(
      `two replicas, ${keys.length} keys: ${statuses.filter((s) => s === 200).length} answers 200, ${statuses.filter((s) => s === 409).length} answers 409`,
    );
    for (const key of keys) {
      const mine = answers.filter((a) => a.key === key).map((a) => a.res);
      expect(mine.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const ids = new Set(mine.filter((r) => r.status === 200).map((r) => r.body.id));
      expect(ids.size).toBe(1);
      expect(await countMessages(dbs[0]!, `race ${key}`)).toBe(1);
    }
  });
});
