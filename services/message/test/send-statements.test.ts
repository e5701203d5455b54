/**
 * What a send costs the database, and that the event's message dict, now built from what the
 * send holds rather than read back, is the one a fetch would return.
 */
import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { headersFor, inThreadRenderer, outboxNotices, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { loadMessages } from '../src/queries/messages';

jest.setTimeout(60_000);

describe('a send, statement by statement', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  let headers: Record<string, string>;
  const send = (form: Record<string, string>) => request(app).post('/api/v1/messages').set(headers).type('form').send(form);

  /** The SQL statements `action` issues, in order. */
  async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const onQuery = (q: { sql: string }) => seen.push(q.sql);
    db.knex.on('query', onQuery);
    try {
      await action();
    } finally {
      db.knex.off('query', onQuery);
    }
    return seen;
  }

  async function noticeMessageOf(id: number): Promise<unknown> {
    const notices = (await outboxNotices(db.knex)) as { kind: string; message?: { id: number } }[];
    return notices.find((n) => n.kind === 'message' && n.message?.id === id)?.message;
  }

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() });
    headers = await headersFor(db, config, 'hamlet@zulip.com');
  });
  afterAll(() => db.close());

  it('a plain stream message takes 8 statements, none of them a read-back of the new row', async () => {
    const statements = await statementsOf(async () => {
      const res = await send({ type: 'stream', to: 'Denmark', topic: 'Castle', content: 'Hello **world**' });
      expect(res.status).toBe(200);
    });
    console.log(`statements per stream send: ${statements.length}\n${statements.join('\n')}`);
    expect(statements.filter((sql) => /from "messages"/.test(sql))).toEqual([]);
    // The recipients who muted the sender (they get the message already read) come with the
    // subscribers, in their statement.
    const recipients = statements.filter((sql) => /from "subscriptions"/.test(sql));
    expect(recipients).toHaveLength(1);
    expect(recipients[0]).toMatch(/"muted_users"/);
    expect(statements.length).toBeLessThanOrEqual(8);
  });

  it("@**channel** costs what 2.1's @**all** costs; only a loud @**topic** adds a statement, its participants' look-up", async () => {
    const sql = (content: string) =>
      statementsOf(async () => {
        expect((await send({ type: 'stream', to: 'Denmark', topic: 'Castle', content })).status).toBe(200);
      });
    const participants = (statements: string[]) => statements.filter((s) => /topic_messages/.test(s));
    // Any `@*` in the content (a loud mention; `@_**` is not one) reads the realm's group names.
    const rest = (statements: string[]) => statements.filter((s) => !/topic_messages|"user_groups"/.test(s));
    // The first wildcard opens the recipients' missed-message batches; later ones join them.
    await sql('@**all** opening the batches');
    expect(rest(await sql('@**channel** hello'))).toEqual(rest(await sql('@**all** hello')));
    const silent = await sql('@_**topic** hello');
    expect(participants(silent)).toEqual([]);
    expect(participants(await sql('`@**topic**` hello'))).toEqual([]);
    // Hamlet alone has written in Castle, so no one else is mentioned (and mailed): one more statement.
    const loud = await sql('@**topic** hello');
    expect(participants(loud)).toHaveLength(1);
    expect(rest(loud)).toEqual(rest(silent));
  });

  it('a stream message arrives read for a subscriber who muted the sender, and only for them', async () => {
    const ids = Object.fromEntries(
      (await db.knex('users').whereIn('email', ['hamlet@zulip.com', 'othello@zulip.com', 'iago@zulip.com']).select('id', 'email')).map(
        (u: { id: number; email: string }) => [u.email, u.id],
      ),
    );
    await db.knex('muted_users').insert({ user_id: ids['othello@zulip.com'], muted_user_id: ids['hamlet@zulip.com'] });
    try {
      const res = await send({ type: 'stream', to: 'Denmark', topic: 'Castle', content: 'Muted?' });
      expect(res.status).toBe(200);
      const notices = (await outboxNotices(db.knex)) as {
        kind: string;
        message?: { id: number };
        users?: { id: number; flags: string[] }[];
      }[];
      const users = notices.find((n) => n.kind === 'message' && n.message?.id === res.body.id)!.users!;
      const flagsOf = (email: string) => users.find((u) => u.id === ids[email])?.flags;
      expect(flagsOf('othello@zulip.com')).toEqual(['read']);
      expect(flagsOf('iago@zulip.com')).toEqual([]);
    } finally {
      await db.knex('muted_users').where({ user_id: ids['othello@zulip.com'] }).delete();
    }
  });

  it('the event carries the message dict a fetch reads (stream message with linkified topic)', async () => {
    const res = await send({ type: 'stream', to: 'Denmark', topic: 'Castle #1', content: 'Hi @**othello**' });
    expect(res.status).toBe(200);
    const loaded = (await loadMessages(db.knex, [res.body.id])).get(res.body.id);
    expect(await noticeMessageOf(res.body.id)).toEqual(loaded!.wire);
  });

  it('the event carries the message dict a fetch reads (huddle, recipients named twice)', async () => {
    const to = JSON.stringify(['othello@zulip.com', 'iago@zulip.com', 'othello@zulip.com', 'hamlet@zulip.com']);
    const res = await send({ type: 'private', to, content: '/me waves' });
    expect(res.status).toBe(200);
    const loaded = (await loadMessages(db.knex, [res.body.id])).get(res.body.id);
    expect(await noticeMessageOf(res.body.id)).toEqual(loaded!.wire);
  });
});
