/**
 * Shared lookups given what a client may send: an id past PostgreSQL's integer range or a name
 * with NUL finds nothing (the caller answers "no such row"), where the query itself used to fail.
 */
import { devRealmId, seededDatabase, testConfig } from '@chat/testing';
import { getStreamById, getStreamByName, getUserByEmail, getUserById, getUsersByEmails, isRowId, type Database } from '../src';

describe('lookups with values no row can have', () => {
  let db: Database;
  let realmId: number;

  beforeAll(async () => {
    db = await seededDatabase(testConfig());
    realmId = await devRealmId(db);
  }, 30_000);
  afterAll(() => db.close());

  it.each([2147483648, 9223372036854775808, 1e30, -2147483649, 0, 1.5])('id %s is not a row id', async (id) => {
    expect(isRowId(id)).toBe(false);
    expect(await getUserById(db.knex, realmId, id)).toBeUndefined();
    expect(await getStreamById(db.knex, realmId, id)).toBeUndefined();
  });

  it('still finds the largest ids and real rows', async () => {
    expect(isRowId(2147483647)).toBe(true);
    const hamlet = await getUserByEmail(db.knex, realmId, 'hamlet@zulip.com');
    expect(await getUserById(db.knex, realmId, hamlet!.id)).toMatchObject({ email: 'hamlet@zulip.com' });
  });

  it('names and e-mails with NUL match nothing', async () => {
    expect(await getStreamByName(db.knex, realmId, 'Verona\u0000')).toBeUndefined();
    expect(await getUserByEmail(db.knex, realmId, 'hamlet@zulip.com\u0000')).toBeUndefined();
    const found = await getUsersByEmails(db.knex, realmId, ['a\u0000b', 'hamlet@zulip.com']);
    expect(found.map((u) => u.email)).toEqual(['hamlet@zulip.com']);
  });
});
