/**
 * Building blocks for service tests against buildApp(deps): a migrated, seeded database (PGlite in
 * memory by default, PostgreSQL when given a URL) and the signed headers the gateway would add.
 */
import { userIdentity } from '@chat/auth';
import type { Config } from '@chat/config';
import { createApiKeyCipher, createDatabase, getUserByEmail, migrate, seedDevRealm, type Database } from '@chat/db';
import { identityHeaders, type Identity } from '@chat/http';

export async function seededDatabase(config: Config, url = ''): Promise<Database> {
  const db = await createDatabase({ url, poolMax: 4 });
  if (!url) await migrate(db.knex);
  await seedDevRealm(db.knex, createApiKeyCipher(config.apiKeySecret));
  return db;
}

export async function devRealmId(db: Database): Promise<number> {
  const realm = await db.knex('realms').where({ string_id: 'zulip' }).first('id');
  return (realm as { id: number }).id;
}

/** The headers the gateway adds for this user of the development realm. */
export async function headersFor(db: Database, config: Config, email: string): Promise<Record<string, string>> {
  const user = await getUserByEmail(db.knex, await devRealmId(db), email);
  if (!user) throw new Error(`no user ${email}`);
  return identityHeaders(userIdentity(user), config.internalSecret);
}

/** The headers for an unauthenticated request to the development realm. */
export async function anonymousHeaders(db: Database, config: Config): Promise<Record<string, string>> {
  const identity: Identity = { kind: 'anonymous', realmId: await devRealmId(db) };
  return identityHeaders(identity, config.internalSecret);
}
