/** /register's user_topics (every visibility policy) beside the older muted_topics (mutes only). */
import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';

describe('POST /register user_topics', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  let ids: { hamlet: number; denmark: number; verona: number };
  const register = async (form: Record<string, string> = {}) =>
    (
      await request(app)
        .post('/api/v1/register')
        .set(await headersFor(db, config, 'hamlet@zulip.com'))
        .type('form')
        .send(form)
    ).body;

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
    const id = async (table: string, where: Record<string, string>) =>
      ((await db.knex(table).where(where).first('id')) as { id: number }).id;
    ids = {
      hamlet: await id('users', { email: 'hamlet@zulip.com' }),
      denmark: await id('streams', { name: 'Denmark' }),
      verona: await id('streams', { name: 'Verona' }),
    };
    const at = new Date('2026-01-02T03:04:05Z');
    await db.knex('muted_topics').insert([
      { user_id: ids.hamlet, stream_id: ids.denmark, topic_name: 'muted one', visibility_policy: 1, date_muted: at },
      { user_id: ids.hamlet, stream_id: ids.verona, topic_name: 'followed one', visibility_policy: 3, date_muted: at },
    ]);
  });
  afterAll(() => db.close());

  it('lists every topic with its policy and time in user_topics, and only the mutes in muted_topics', async () => {
    const body = await register();
    const lastUpdated = Date.parse('2026-01-02T03:04:05Z') / 1000;
    expect(body.user_topics).toEqual([
      { stream_id: ids.denmark, topic_name: 'muted one', last_updated: lastUpdated, visibility_policy: 1 },
      { stream_id: ids.verona, topic_name: 'followed one', last_updated: lastUpdated, visibility_policy: 3 },
    ]);
    expect(body.muted_topics).toEqual([['Denmark', 'muted one', lastUpdated]]);
  });

  it('leaves muted_topics out for a client that asks for user_topic by name, as Zulip does', async () => {
    const both = await register({ fetch_event_types: '["muted_topics","user_topic"]' });
    expect(both).not.toHaveProperty('muted_topics');
    expect(both.user_topics).toHaveLength(2);
    const legacy = await register({ fetch_event_types: '["muted_topics"]' });
    expect(legacy.muted_topics).toEqual([['Denmark', 'muted one', Date.parse('2026-01-02T03:04:05Z') / 1000]]);
    expect(legacy).not.toHaveProperty('user_topics');
  });
});
