import request from 'supertest';
import type { Express } from 'express';
import type { Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';
import { anyOf } from '@chat/db';

describe('POST /register: alert_words and realm_user_groups', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  const register = async (email: string, eventTypes: string[]) =>
    request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, email))
      .type('form')
      .send({ event_types: JSON.stringify(eventTypes) });

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

  it("returns the realm's user groups with their members, the system groups first", async () => {
    const ids = await db
      .knex('users')
      .whereRaw(...anyOf('email', ['hamlet@zulip.com', 'cordelia@zulip.com']))
      .orderBy('id')
      .pluck('id');
    const realmId = ((await db.knex('realms').where({ string_id: 'zulip' }).first('id')) as { id: number }).id;
    const groupId = async (name: string) =>
      ((await db.knex('user_groups').where({ realm_id: realmId, name }).first('id')) as { id: number }).id;
    const userId = async (email: string) => ((await db.knex('users').where({ email }).first('id')) as { id: number }).id;
    const members: number[] = await db.knex('users').where({ realm_id: realmId, role: 'member' }).orderBy('id').pluck('id');
    // Made with the realm: each role's users are direct members, each group nests the next role up.
    const system: [string, number[], string | null][] = [
      ['role:internet', [], 'role:everyone'],
      ['role:everyone', [await userId('polonius@zulip.com')], 'role:members'],
      ['role:members', [], 'role:fullmembers'],
      ['role:fullmembers', members, 'role:moderators'],
      ['role:moderators', [], 'role:administrators'],
      ['role:administrators', [await userId('iago@zulip.com')], 'role:owners'],
      ['role:owners', [], null],
      ['role:nobody', [], null],
    ];
    const expected = [];
    for (const [name, direct, subgroup] of system) {
      expected.push({
        id: await groupId(name),
        name,
        description: '',
        members: direct,
        direct_subgroup_ids: subgroup ? [await groupId(subgroup)] : [],
        is_system_group: true,
      });
    }
    expected.push({
      id: await groupId('hamletcharacters'),
      name: 'hamletcharacters',
      description: 'Characters of Hamlet',
      members: ids,
      direct_subgroup_ids: [],
      is_system_group: false,
    });
    const body = (await register('othello@zulip.com', ['realm_user_groups'])).body;
    expect(body.realm_user_groups).toEqual(expected);
    expect(body).not.toHaveProperty('alert_words');
  });
});
