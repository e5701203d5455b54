import { startDistributedCluster, type DistributedCluster } from './distributed.harness';
import { runSliceScenario } from './slice.scenario';

describe('distributed topology (services over HTTP, PostgreSQL, NATS JetStream, Redis)', () => {
  describe('with two event-queue replicas sharing the bus', () => {
    let cluster: DistributedCluster;
    beforeAll(async () => {
      cluster = await startDistributedCluster();
    });
    afterAll(() => cluster.stop());

    it('passes the same slice as the embedded topology', async () => {
      await runSliceScenario(cluster.gatewayUrl, (queueId) => cluster.replicas.some((r) => r.store.listensFor(queueId)));
    });
  });

  describe('with the long-poll on a replica that does not consume the bus', () => {
    let cluster: DistributedCluster;
    beforeAll(async () => {
      // Replica 0 consumes the bus; the gateway sends /register and /events only to replica 1.
      cluster = await startDistributedCluster({ consumers: [true, false], pollTargets: [false, true] });
    });
    afterAll(() => cluster.stop());

    it('answers the long-poll from the replica that did not consume the event', async () => {
      await runSliceScenario(cluster.gatewayUrl, (queueId) => cluster.replicas.some((r) => r.store.listensFor(queueId)));
      expect(cluster.replicas[0]!.worker!.delivered()).toBeGreaterThan(0);
      expect(cluster.replicas[1]!.worker).toBeNull();
    });
  });
});
