/**
 * /register's own-role keys: is_moderator (feature level 60) and is_owner (11) beside 2.1's
 * is_admin and is_guest, and can_create_streams / can_subscribe_other_users as the realm's
 * policies say for the user's role.
 */
import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';

describe('POST /register: the moderator role', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const roleKeys = async (email: string) => {
    const res = await request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, email))
      .type('form')
      .send({ fetch_event_types: JSON.stringify(['realm_user']) });
    const { is_admin, is_owner, is_moderator, is_guest, can_create_streams, can_subscribe_other_users } = res.body;
    return { is_admin, is_owner, is_moderator, is_guest, can_create_streams, can_subscribe_other_users };
  };
  const setPolicies = (settings: Record<string, number>) =>
    db
      .knex('realms')
      .where({ id: db.knex('users').where({ email: 'iago@zulip.com' }).select('realm_id') })
      .update({ settings: JSON.stringify(settings) });

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
    await db.knex('users').where({ email: 'cordelia@zulip.com' }).update({ role: 'moderator' });
  });
  afterAll(() => db.close());

  it('says who is a moderator: moderators only, not administrators; nobody is an owner', async () => {
    const all = { is_owner: false, can_create_streams: true, can_subscribe_other_users: true };
    expect(await roleKeys('cordelia@zulip.com')).toEqual({ ...all, is_admin: false, is_moderator: true, is_guest: false });
    expect(await roleKeys('iago@zulip.com')).toEqual({ ...all, is_admin: true, is_moderator: false, is_guest: false });
    expect(await roleKeys('hamlet@zulip.com')).toEqual({ ...all, is_admin: false, is_moderator: false, is_guest: false });
    expect(await roleKeys('polonius@zulip.com')).toEqual({
      is_owner: false,
      is_admin: false,
      is_moderator: false,
      is_guest: true,
      can_create_streams: false,
      can_subscribe_other_users: false,
    });
  });

  it("weighs the stream policies against the user's role: 4 admits moderators, 2 administrators alone", async () => {
    try {
      await setPolicies({ create_stream_policy: 4, invite_to_stream_policy: 2 });
      expect(await roleKeys('cordelia@zulip.com')).toMatchObject({ can_create_streams: true, can_subscribe_other_users: false });
      expect(await roleKeys('hamlet@zulip.com')).toMatchObject({ can_create_streams: false, can_subscribe_other_users: false });
      expect(await roleKeys('iago@zulip.com')).toMatchObject({ can_create_streams: true, can_subscribe_other_users: true });
    } finally {
      await setPolicies({});
    }
  });

  it('lists the moderator with role 300 in realm_users', async () => {
    const res = await request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, 'hamlet@zulip.com'))
      .type('form')
      .send({ fetch_event_types: JSON.stringify(['realm_user']) });
    const cordelia = (res.body.realm_users as { email: string }[]).find((u) => u.email === 'cordelia@zulip.com');
    expect(cordelia).toMatchObject({ role: 300, is_admin: false, is_guest: false, is_owner: false });
  });
});
