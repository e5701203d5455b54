import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';

describe('POST /register: presences and user_status', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const register = async (email: string, form: Record<string, string> = {}) =>
    request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, email))
      .type('form')
      .send(form);
  const userId = async (email: string) => ((await db.knex('users').where({ email }).first('id')) as { id: number }).id;

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
  });
  afterAll(() => db.close());

  it('gives both when asked, and nothing of them otherwise', async () => {
    const realmId = ((await db.knex('users').where({ email: 'hamlet@zulip.com' }).first('realm_id')) as { realm_id: number }).realm_id;
    const hamlet = await userId('hamlet@zulip.com');
    const othello = await userId('othello@zulip.com');
    const when = new Date(Date.now() - 5000);
    await db.knex('user_presence').insert([
      { realm_id: realmId, user_id: hamlet, client: 'website', status: 2, timestamp: new Date(when.getTime() - 1000) },
      { realm_id: realmId, user_id: hamlet, client: 'ZulipMobile', status: 1, timestamp: when },
    ]);
    await db.knex('user_status').insert([
      { realm_id: realmId, user_id: hamlet, status: 1, status_text: 'out' },
      { realm_id: realmId, user_id: othello, status: 0, status_text: '' },
    ]);
    const res = await register('othello@zulip.com', { event_types: JSON.stringify(['presence', 'user_status']) });
    expect(res.status).toBe(200);
    const seconds = Math.floor(when.getTime() / 1000);
    expect(res.body.presences).toEqual({
      'hamlet@zulip.com': {
        aggregated: { client: 'ZulipMobile', status: 'active', timestamp: seconds },
        website: { client: 'website', status: 'idle', timestamp: seconds - 1, pushable: false },
        ZulipMobile: { client: 'ZulipMobile', status: 'active', timestamp: seconds, pushable: false },
      },
    });
    expect(res.body.user_status).toEqual({ [String(hamlet)]: { away: true, status_text: 'out' } });
    const other = await register('othello@zulip.com', { event_types: JSON.stringify(['pointer']) });
    expect(other.body).not.toHaveProperty('presences');
    expect(other.body).not.toHaveProperty('user_status');
  });
});
