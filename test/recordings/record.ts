/**
 * Records the scenario's answers and events in both topologies into test/recordings/<topology>.json
 * (`npm run record`): run it before a change that must not change behaviour, commit the files, and
 * test/recordings.e2e.test.ts compares every later run with them. RECORD_TOPOLOGIES=embedded
 * records one.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStandalone } from '@chat/standalone';
import { testConfig, testLogger } from '@chat/testing';
import { startDistributedCluster } from '../distributed.harness';
import { normalize } from './normalize';
import { replay } from './replay';

async function main(): Promise<void> {
  const topologies = (process.env.RECORD_TOPOLOGIES ?? 'embedded,distributed').split(',');
  for (const topology of topologies) {
    const records =
      topology === 'embedded'
        ? await (async () => {
            const server = await startStandalone({ config: testConfig(), logger: testLogger() });
            try {
              return await replay(server.app, server.db, server.jobs.jobs);
            } finally {
              await server.stop();
            }
          })()
        : await (async () => {
            const cluster = await startDistributedCluster();
            try {
              return await replay(cluster.gatewayUrl, cluster.db, cluster.jobs);
            } finally {
              await cluster.stop();
            }
          })();
    const file = join(__dirname, `${topology}.json`);
    writeFileSync(file, `${JSON.stringify(normalize(records), null, 1)}\n`);
    console.log(`${topology}: ${records.length} steps -> ${file}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
