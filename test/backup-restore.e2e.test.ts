/**
 * Backups and restore, as docs/operations.md's runbook does them: a server on a fresh PostgreSQL
 * database gets a user, messages and an uploaded attachment; the production CronJob's own dump
 * script (k8s/overlays/production/backup.yaml) dumps the database with this machine's pg_dump;
 * pg_restore puts it into another fresh database; a server started on the restored database and
 * the same file store answers the same messages, with the same ids and content, and serves the
 * attachment's bytes, to the same API keys (the same API_KEY_SECRET).
 *
 * The file store is the setup's parameter (FileStoreSetup): a directory (UPLOADS_DIR) and a bucket
 * of the run's S3 server (what k8s/ configures), each with a way to read a file without the server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '@chat/config';
import { assertSchemaServes, createDatabase, MIGRATION_NAMES } from '@chat/db';
import {
  ApiClient,
  bucketObject,
  createEmptyTestDatabase,
  createTestDatabase,
  postgresProgram,
  testObjectStorage,
  type TestDatabase,
} from '@chat/testing';
import { renderKustomization, type K8sObject } from '../k8s/test/kustomize';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

const ROOT = resolve(__dirname, '..');

/** Where uploaded files live: the settings every server of the test gets, and the store read directly. */
interface FileStoreSetup {
  name: string;
  config: Partial<Config>;
  /** The stored bytes of an upload (its path_id), read from the store itself, not through a server. */
  read(pathId: string): Promise<Buffer>;
  cleanup(): Promise<void>;
}

/** The directory store (UPLOADS_DIR): in Kubernetes, a volume both servers mount. */
async function directoryStore(): Promise<FileStoreSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'chat-restore-uploads-'));
  return {
    name: 'directory',
    config: { uploadsDir: dir },
    read: async (pathId) => readFileSync(join(dir, pathId)),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A bucket of the run's S3 server: what k8s/ configures, so the files outlive every pod. */
async function bucketStore(): Promise<FileStoreSetup> {
  const objectStorage = await testObjectStorage();
  return {
    name: 'bucket',
    config: { objectStorage },
    read: async (pathId) => (await bucketObject(objectStorage, pathId)) ?? Buffer.alloc(0),
    cleanup: async () => undefined,
  };
}

/** The production CronJob's dump script: the commands of its `dump` init container. */
function cronJobDumpScript(): string {
  const objects = renderKustomization(join(ROOT, 'k8s/overlays/production'));
  const cron = objects.find((o) => o.kind === 'CronJob' && o.metadata.name === 'postgres-backup') as K8sObject & {
    spec: { jobTemplate: { spec: { template: { spec: { initContainers: { name: string; args: string[] }[] } } } } };
  };
  return cron.spec.jobTemplate.spec.template.spec.initContainers.find((c) => c.name === 'dump')!.args.join('\n');
}

/** Runs the CronJob's dump script here, with its /backup volume a local folder; returns the dump's path. */
function dumpAsTheCronJob(databaseUrl: string, folder: string): string {
  const pgDump = postgresProgram('pg_dump');
  const pgRestore = postgresProgram('pg_restore');
  const script = cronJobDumpScript().replaceAll('/backup/', `${folder}/`);
  const binDirs = [pgDump, pgRestore].map((path) => path.slice(0, path.lastIndexOf('/')));
  execFileSync('sh', ['-ec', script], {
    env: { PATH: [...binDirs, process.env.PATH].join(':'), DATABASE_URL: databaseUrl, HOME: folder },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return join(folder, 'chat.dump');
}

/** The runbook's restore: into an empty database, stopping at the first error. */
function restore(dump: string, databaseUrl: string): void {
  execFileSync(postgresProgram('pg_restore'), ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`, dump], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface Seen {
  messages: { id: number; content: string; sender_email: string }[];
}

async function latestMessages(client: ApiClient): Promise<Seen['messages']> {
  const res = await client.call('get', '/messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow: [], apply_markdown: false });
  expect(res.status).toBe(200);
  return (res.body.messages as Seen['messages']).map(({ id, content, sender_email }) => ({ id, content, sender_email }));
}

describe.each([
  ['directory', directoryStore],
  ['bucket', bucketStore],
] as const)('backup and restore (%s file store)', (_name, makeStore) => {
  let store: FileStoreSetup;
  let original: TestDatabase;
  let restored: TestDatabase;
  let dumpDir: string;
  let cluster: DistributedCluster | undefined;

  beforeAll(async () => {
    store = await makeStore();
    original = await createTestDatabase();
    restored = await createEmptyTestDatabase();
    dumpDir = mkdtempSync(join(tmpdir(), 'chat-restore-dump-'));
  });

  afterAll(async () => {
    await cluster?.stop();
    await original.drop();
    await restored.drop();
    await store.cleanup();
    rmSync(dumpDir, { recursive: true, force: true });
  });

  it('a restored dump serves the same messages, attachment and API keys', async () => {
    cluster = await startDistributedCluster({ database: original, configOverrides: store.config });
    const admin = await new ApiClient(cluster.gatewayUrl).loginAs('iago@zulip.com');
    const created = await admin.call('post', '/users', {
      email: 'restored@zulip.com',
      password: 'a long enough password',
      full_name: 'Restored Reader',
      short_name: 'restored',
    });
    expect(created.body).toEqual({ result: 'success', msg: '' });
    const hamlet = await new ApiClient(cluster.gatewayUrl).loginAs('hamlet@zulip.com');
    const reader = await new ApiClient(cluster.gatewayUrl).loginAs('restored@zulip.com');

    const bytes = Buffer.from(`the plan, ${'backed up '.repeat(50)}`);
    const uploaded = await hamlet.api('post', '/user_uploads').attach('file', bytes, 'plan.txt');
    expect(uploaded.status).toBe(200);
    const uri: string = uploaded.body.uri;
    const pathId = uri.replace('/user_uploads/', '');
    expect(await store.read(pathId)).toEqual(bytes);
    for (const [to, content] of [
      ['restored@zulip.com', `The plan: [plan.txt](${uri})`],
      ['restored@zulip.com', 'Read it before the meeting.'],
    ]) {
      const sent = await hamlet.call('post', '/messages', { type: 'private', to: JSON.stringify([to]), content });
      expect(sent.body).toMatchObject({ result: 'success', id: expect.any(Number) });
    }
    const sent = await reader.call('post', '/messages', { type: 'stream', to: 'Denmark', topic: 'restore', content: 'Read.' });
    expect(sent.body).toMatchObject({ result: 'success' });
    const before = await latestMessages(reader);
    expect(before.slice(-3).map((m) => m.content)).toEqual([`The plan: [plan.txt](${uri})`, 'Read it before the meeting.', 'Read.']);
    await cluster.stop();
    cluster = undefined;

    const dump = dumpAsTheCronJob(original.url, dumpDir);
    restore(dump, restored.url);
    const restoredDb = await createDatabase({ url: restored.url, poolMax: 1 });
    try {
      // The servers' own check at start: the restored schema is this release's.
      expect(await assertSchemaServes(restoredDb.knex)).toEqual({ ran: MIGRATION_NAMES.length, pending: [], unknown: [] });
    } finally {
      await restoredDb.close();
    }

    cluster = await startDistributedCluster({ database: restored, configOverrides: store.config });
    // The same API key authenticates: the keys are in the dump, their cipher's secret in the configuration.
    const again = new ApiClient(cluster.gatewayUrl);
    const readerAgain = await again.loginAs('restored@zulip.com');
    expect(readerAgain.auth).toBe(reader.auth);
    expect(await latestMessages(readerAgain)).toEqual(before);
    const file = await fetch(`${cluster.gatewayUrl}${uri}`, { headers: { authorization: reader.auth } });
    expect([file.status, Buffer.from(await file.arrayBuffer())]).toEqual([200, bytes]);
    // And the restored server takes new messages after the restored ones.
    const next = await readerAgain.call('post', '/messages', { type: 'stream', to: 'Denmark', topic: 'restore', content: 'After.' });
    expect(next.body.id).toBeGreaterThan(before.at(-1)!.id);
  }, 180_000);
});
