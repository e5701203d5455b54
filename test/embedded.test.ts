import { startStandalone, type Standalone } from '@chat/standalone';
import { parkedPolls, testConfig, testLogger } from '@chat/testing';
import { runSliceScenario } from './slice.scenario';

describe('embedded topology (one process, PGlite, in-process bus and queues)', () => {
  let server: Standalone;

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
  });
  afterAll(() => server.stop());

  it('delivers a stream message from send to another user long-poll', async () => {
    await runSliceScenario(server.app, async () => (await parkedPolls(server.app)) === 1);
  });
});
