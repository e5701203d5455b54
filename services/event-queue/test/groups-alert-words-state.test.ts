import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/polls';
import { anyOf } from '@chat/db';

describe('POST /register: alert_words and realm_user_groups', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const register = async (email: string, eventTypes: string[]) =>
    request(app).post('/api/v1/register').set(await headersFor(db, config, email)).type('form').send({ event_types: JSON.stringify(eventTypes) });

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
  });
  afterAll(() => db.close());

  it("returns the user's own alert words in order", async () => {
    const hamlet = await db.knex('users').where({ email: 'hamlet@zulip.com' }).first('id');
    await db.knex('alert_words').insert([
      { user_id: hamlet.id, word: 'zebra' },
      { user_id: hamlet.id, word: 'apple' },
    ]);
    expect((await register('hamlet@zulip.com', ['alert_words'])).body.alert_words).toEqual(['zebra', 'apple']);
    expect((await register('othello@zulip.com', ['alert_words'])).body.alert_words).toEqual([]);
  });

  it("returns the realm's user groups with their members", async () => {
    const ids = await db.knex('users').whereRaw(...anyOf('email', ['hamlet@zulip.com', 'cordelia@zulip.com'])).orderBy('id').pluck('id');
    const body = (await register('othello@zulip.com', ['realm_user_groups'])).body;
    expect(body.realm_user_groups).toEqual([{ id: expect.any(Number), name: 'hamletcharacters', description: 'Characters of Hamlet', members: ids }]);
    expect(body).not.toHaveProperty('alert_words');
  });
});
