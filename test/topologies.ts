/**
 * Runs one suite against both topologies: `describeBothTopologies('streams', (env) => { it(...) })`
 * where `env()` gives the base target for supertest/ApiClient and the database to inspect.
 * With `storage: STORAGE_BACKENDS`, the embedded topology runs it once per file store (the local
 * folder, a bucket of the test run's S3 server); the distributed one keeps the local folder (its
 * S3 smoke test is test/object-storage.e2e.test.ts).
 */
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { Jobs } from '@chat/jobs';
import { startStandalone, type Standalone } from '@chat/standalone';
import { uploadsDirOf } from '@chat/storage';
import { bucketObject, storageOverrides, testConfig, testLogger, type StorageBackend } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

export interface TopologyEnv {
  name: 'embedded' | 'distributed';
  /** Where stored files go: the local folder, or the bucket in `config.objectStorage`. */
  storage: StorageBackend;
  config: Config;
  target: RequestListener | string;
  db: Database;
  /** The background jobs of the message service (the embedded process's, in that topology). */
  jobs: Jobs;
  /** Distributed only: an event-queue replica, where the ingress sends /register and /events directly. */
  eventTierUrl?: string;
}

/**
 * The bytes stored under `key`, read where the topology keeps them and not through the server:
 * from its bucket with the SDK, or from its local folder.
 */
export async function storedBytes(env: TopologyEnv, key: string): Promise<Buffer | undefined> {
  if (env.config.objectStorage) return bucketObject(env.config.objectStorage, key);
  return readFile(join(uploadsDirOf(env.config), ...key.split('/'))).catch(() => undefined);
}

export interface TopologyOptions {
  /** The embedded topology's file stores, one run of the suite each (the local folder alone by default). */
  storage?: readonly StorageBackend[];
}

export function describeBothTopologies(
  title: string,
  body: (env: () => TopologyEnv) => void,
  configOverrides: Partial<Config> = {},
  options: TopologyOptions = {},
): void {
  const runs = [
    ...(options.storage ?? ['disk']).map((storage) => ({ name: 'embedded' as const, storage })),
    { name: 'distributed' as const, storage: 'disk' as const },
  ];
  // The local folder's runs keep their names ("streams (embedded)"), a bucket's say so.
  const labelled = runs.map((run) => [run.storage === 's3' ? `${run.name}, S3` : run.name, run] as const);
  describe.each(labelled)(`${title} (%s)`, (_label, { name, storage }) => {
    let env: TopologyEnv | undefined;
    let stop: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      const overrides = { ...configOverrides, ...(await storageOverrides(storage)) };
      if (name === 'embedded') {
        const config = testConfig(overrides);
        const server: Standalone = await startStandalone({ config, logger: testLogger() });
        env = { name, storage, config, target: server.app, db: server.db, jobs: server.jobs.jobs };
        stop = () => server.stop();
      } else {
        const cluster: DistributedCluster = await startDistributedCluster({ configOverrides: overrides });
        env = {
          name,
          storage,
          config: cluster.config,
          target: cluster.gatewayUrl,
          db: cluster.db,
          jobs: cluster.jobs,
          eventTierUrl: cluster.replicas[0]!.url,
        };
        stop = () => cluster.stop();
      }
    });
    afterAll(() => stop());
    body(() => {
      if (!env) throw new Error('topology not started');
      return env;
    });
  });
}
