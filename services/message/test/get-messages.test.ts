import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { headersFor, inThreadRenderer, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';

describe('GET /messages', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const ids: number[] = [];
  const get = async (query: Record<string, string | number | boolean>) =>
    request(app)
      .get('/api/v1/messages')
      .query(query)
      .set(await headersFor(db, config, 'othello@zulip.com'));

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, logger: testLogger(), renderer: inThreadRenderer() });
    const headers = await headersFor(db, config, 'hamlet@zulip.com');
    for (let i = 0; i < 6; i++) {
      const topic = i % 2 === 0 ? 'even' : 'odd';
      const res = await request(app)
        .post('/api/v1/messages')
        .set(headers)
        .type('form')
        .send({ type: 'stream', to: 'Denmark', topic, content: `m${i} <b>` });
      ids.push(res.body.id);
    }
  });
  afterAll(() => db.close());

  it('returns the anchor and its neighbours with found_* flags', async () => {
    const res = await get({ anchor: ids[2]!, num_before: 1, num_after: 1 });
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[2], ids[3]]);
    expect(res.body).toMatchObject({ found_anchor: true, found_oldest: false, found_newest: false, anchor: ids[2] });
  });

  it('reports the ends of history', async () => {
    const res = await get({ anchor: 0, num_before: 0, num_after: 100 });
    expect(res.body.messages).toHaveLength(6);
    expect(res.body).toMatchObject({ found_anchor: false, found_oldest: true, found_newest: true });
  });

  it('treats a huge anchor as the newest end', async () => {
    const res = await get({ anchor: 10000000000000000, num_before: 2, num_after: 5 });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[4], ids[5]]);
    expect(res.body.found_newest).toBe(true);
  });

  it('renders markdown unless apply_markdown is false, and shows the caller flags', async () => {
    const html = await get({ anchor: ids[0]!, num_before: 0, num_after: 0 });
    expect(html.body.messages[0]).toMatchObject({ content: '<p>m0 &lt;b&gt;</p>', content_type: 'text/html', flags: [] });
    const raw = await get({ anchor: ids[0]!, num_before: 0, num_after: 0, apply_markdown: false });
    expect(raw.body.messages[0]).toMatchObject({ content: 'm0 <b>', content_type: 'text/x-markdown' });
  });

  it('narrows by stream and topic', async () => {
    const narrow = JSON.stringify([{ operator: 'stream', operand: 'Denmark' }, ['topic', 'odd']]);
    const res = await get({ anchor: 0, num_before: 0, num_after: 100, narrow });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[3], ids[5]]);
  });

  it('gives Zulip errors for bad requests', async () => {
    const missing = await get({ num_before: 1, num_after: 1 });
    expect(missing.body).toEqual({ result: 'error', msg: "Missing 'anchor' argument (or set 'use_first_unread_anchor'=True)." });
    const tooMany = await get({ anchor: 0, num_before: 3000, num_after: 3000 });
    expect(tooMany.body).toEqual({ result: 'error', msg: 'Too many messages requested (maximum 5000).' });
    const negative = await get({ anchor: 0, num_before: -1, num_after: 0 });
    expect(negative.body).toMatchObject({ msg: "Bad value for 'num_before': -1", code: 'REQUEST_VARIABLE_INVALID' });
    const badNarrow = await get({ anchor: 0, num_before: 0, num_after: 1, narrow: '[["bogus","x"]]' });
    expect(badNarrow.body).toMatchObject({ code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown operator bogus' });
    const exactly = await get({ anchor: 0, num_before: 2500, num_after: 2500 });
    expect(exactly.status).toBe(200);
  });

  it('uses the first unread message as anchor when asked', async () => {
    const res = await get({ use_first_unread_anchor: true, num_before: 0, num_after: 0 });
    expect(res.body.anchor).toBe(ids[0]);
    expect(res.body.found_anchor).toBe(true);
  });
});
