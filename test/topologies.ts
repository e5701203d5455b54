/**
 * Runs one suite against both topologies: `describeBothTopologies('streams', (env) => { it(...) })`
 * where `env()` gives the base target for supertest/ApiClient and the database to inspect.
 */
import type { RequestListener } from 'node:http';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { Jobs } from '@chat/jobs';
import { startStandalone, type Standalone } from '@chat/standalone';
import { testConfig, testLogger } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

export interface TopologyEnv {
  name: 'embedded' | 'distributed';
  target: RequestListener | string;
  db: Database;
  /** The background jobs of the message service (the embedded process's, in that topology). */
  jobs: Jobs;
  /** Distributed only: an event-queue replica, where the ingress sends /register and /events directly. */
  eventTierUrl?: string;
}

export function describeBothTopologies(title: string, body: (env: () => TopologyEnv) => void, configOverrides: Partial<Config> = {}): void {
  describe.each(['embedded', 'distributed'] as const)(`${title} (%s)`, (name) => {
    let env: TopologyEnv | undefined;
    let stop: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      if (name === 'embedded') {
        const server: Standalone = await startStandalone({ config: testConfig(configOverrides), logger: testLogger() });
        env = { name, target: server.app, db: server.db, jobs: server.jobs.jobs };
        stop = () => server.stop();
      } else {
        const cluster: DistributedCluster = await startDistributedCluster({ configOverrides });
        env = { name, target: cluster.gatewayUrl, db: cluster.db, jobs: cluster.jobs, eventTierUrl: cluster.replicas[0]!.url };
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
