/**
 * Upgrades in the distributed topology: a server process started against a database whose schema
 * is older than its code (a pending migration) exits 1 with one line saying so, before it serves;
 * the Deployments' init container (migrate.js --wait) waits until the migrate job has run; a
 * schema newer than the code (the code rolled back, the schema not) is served with a warning, and
 * the older release's migrate job leaves it alone. Real processes on real PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, MIGRATION_NAMES, type Database } from '@chat/db';
import { createTestDatabase, waitFor, type TestDatabase } from '@chat/testing';
import { freePort, spawnEntry, stopProcess, waitForHttp, type ServerProcess } from './process.harness';

const LAST = MIGRATION_NAMES.at(-1)!;
const FROM_A_NEWER_RELEASE = '9990_from_a_newer_release';

/** What the process printed, without its JSON log lines: what an operator reads in `kubectl logs` beside them. */
function errorLines(proc: ServerProcess): string[] {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('{'));
}

describe('the schema version at start (distributed processes)', () => {
  let testDb: TestDatabase;
  let db: Database;
  let dataDir: string;
  const running: ServerProcess[] = [];
  const env = () => ({
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
    CHAT_ENV: 'development',
    CHAT_NAMESPACE: `t${randomBytes(5).toString('hex')}`,
    LOG_LEVEL: 'info',
    // The gateway needs every service's URL to start (none is called here).
    ...Object.fromEntries(
      ['MESSAGE', 'SUBSCRIPTION', 'SETTINGS', 'WEBHOOK', 'EVENT_QUEUE'].map((name) => [`${name}_URL`, 'http://127.0.0.1:9']),
    ),
  });
  const spawn = (entry: string, more: Record<string, string> = {}, args: string[] = []) => {
    const proc = spawnEntry(entry, { ...env(), ...more }, args);
    running.push(proc);
    return proc;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await createDatabase({ url: testDb.url, poolMax: 2 });
    dataDir = mkdtempSync(join(tmpdir(), 'chat-schema-'));
    // The database as the previous release left it: this release's last migration not yet run.
    const last = (await import(`../libs/db/src/migrations/${LAST}`)) as { down(knex: Database['knex']): Promise<void> };
    await last.down(db.knex);
    await db.knex('knex_migrations').where({ name: LAST }).delete();
  });

  afterAll(async () => {
    for (const proc of running) await stopProcess(proc);
    await db.close();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['services/message/src/main.ts', 'services/gateway/src/main.ts'])(
    '%s refuses a schema with a pending migration: exit 1 and one line',
    async (entry) => {
      const proc = spawn(entry, { PORT: String(await freePort()) });
      expect(await proc.exited).toBe(1);
      expect(errorLines(proc)).toEqual([
        `the database schema is older than this release (1 pending migration: ${LAST}): run this release's migrate job (node dist/migrate.js) first`,
      ]);
    },
    60_000,
  );

  it('the init container gives up at its deadline with the reason, exit 1 and one line', async () => {
    const waiter = spawn('deploy/migrate.ts', {}, ['--wait', '1']);
    expect(await waiter.exited).toBe(1);
    expect(errorLines(waiter)).toEqual([
      `gave up after 1 s: the database schema is older than this release (1 pending migration: ${LAST}): run this release's migrate job (node dist/migrate.js) first`,
    ]);
  }, 60_000);

  it('the init container waits for the migrate job, then exits 0', async () => {
    const waiter = spawn('deploy/migrate.ts', {}, ['--wait', '120']);
    // It says what it waits for once it has looked at the schema; only then is the job run.
    await waitFor(() => waiter.output().includes('waiting for the migrate job: the database schema is older'), 60_000, { stepMs: 100 });
    expect(waiter.child.exitCode).toBeNull();
    const migrate = spawn('deploy/migrate.ts');
    expect(await migrate.exited).toBe(0);
    expect(await waiter.exited).toBe(0);
    expect(await db.knex('knex_migrations').where({ name: LAST }).first('name')).toEqual({ name: LAST });
    expect(await db.knex.schema.hasTable('realm_invites_sent')).toBe(true);
  }, 120_000);

  it('serves a schema newer than its code (a rollback) with a warning; the older migrate job leaves it alone', async () => {
    await db.knex('knex_migrations').insert({ name: FROM_A_NEWER_RELEASE, batch: 99, migration_time: new Date() });
    const warning = `the database schema is newer than this release (unknown migration: ${FROM_A_NEWER_RELEASE}): serving as a rollback`;
    const migrate = spawn('deploy/migrate.ts');
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toContain(warning);
    const port = await freePort();
    const server = spawn('services/message/src/main.ts', { PORT: String(port) });
    await waitForHttp(`http://127.0.0.1:${port}/health/ready`, (status) => status === 200, 60_000, server);
    expect(server.output()).toContain(warning);
    await stopProcess(server);
  }, 120_000);

  it('refuses a schema that both lacks migrations of its code and has unknown ones', async () => {
    await db.knex('knex_migrations').where({ name: LAST }).delete();
    const proc = spawn('services/message/src/main.ts', { PORT: String(await freePort()) });
    expect(await proc.exited).toBe(1);
    expect(errorLines(proc)).toEqual([
      `the database schema does not match this release: it lacks ${LAST} and has ${FROM_A_NEWER_RELEASE}, which this release does not know; deploy the release that migrated it, or restore a backup taken before it`,
    ]);
  }, 60_000);
});
