import { performance } from 'node:perf_hooks';
import { provesNothingHappensFor, waitFor } from '@chat/testing';
import { partitionOf, type Bus, type BusRecord, type PublishItem } from '../src';
import { deferred, idsByPartition, item, items, payload, recorder } from './helpers';

export interface BusFixture {
  bus: Bus;
  cleanup(): Promise<void>;
}

/**
 * The semantics every Bus adapter keeps (bus.ts), run against each of them so the embedded and
 * distributed topologies cannot drift. `makeBus` must return a fresh, empty bus with at least
 * 2 partitions, sharing no state with any other call.
 */
export function runBusContract(name: string, makeBus: () => Promise<BusFixture>): void {
  describe(`${name} (bus contract)`, () => {
    let fixture: BusFixture;
    let bus: Bus;

    beforeEach(async () => {
      fixture = await makeBus();
      bus = fixture.bus;
      expect(bus.partitions).toBeGreaterThanOrEqual(2);
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    /** What each partition must deliver, in publish order. */
    function expectedByPartition(published: PublishItem[]): Map<number, string[]> {
      return idsByPartition(published.map((p) => ({ id: p.id, partition: partitionOf(p.partitionKey, bus.partitions) })));
    }

    function expectInPartitionOrder(records: BusRecord[], published: PublishItem[]): void {
      expect(idsByPartition(records)).toEqual(expectedByPartition(published));
      const byPartition = new Map<number, number[]>();
      for (const r of records) byPartition.set(r.partition, [...(byPartition.get(r.partition) ?? []), r.seq]);
      for (const seqs of byPartition.values()) {
        for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!);
      }
    }

    it('delivers every published record once, in order per partition, with increasing seq', async () => {
      const r = recorder();
      await bus.consume('g', r.handler);
      const published = items(0, 24);
      await bus.publish(published.slice(0, 10));
      await bus.publish(published.slice(10));
      await waitFor(() => r.records.length >= 24, 5_000, { what: '24 records' });
      await provesNothingHappensFor(50, () => r.records.length > 24, 'a duplicate delivery');
      expect(r.records).toHaveLength(24);
      expectInPartitionOrder(r.records, published);
      expect(new Set(r.records.map((x) => x.seq)).size).toBe(24);
      const byId = new Map(r.records.map((x) => [x.id, x]));
      for (const p of published) {
        const got = byId.get(p.id)!;
        expect(got.payload).toEqual(p.payload);
        expect(got.partition).toBe(partitionOf(p.partitionKey, bus.partitions));
        expect(got.redeliveries).toBe(0);
      }
    });

    it("delivers records published before the group's first member joined", async () => {
      const published = items(0, 12);
      await bus.publish(published);
      const r = recorder();
      await bus.consume('late', r.handler);
      await waitFor(() => r.records.length >= 12, 5_000, { what: '12 records' });
      expectInPartitionOrder(r.records, published);
    });

    it('drops a record whose id was already published, in the same batch or a later one', async () => {
      await bus.publish([item(1, 0), item(2, 0), { id: 'r1', partitionKey: 0, payload: payload(99, 0) }]);
      await bus.publish([item(2, 0), item(3, 0)]);
      const r = recorder();
      await bus.consume('g', r.handler);
      // r3 is last in the same partition, so once it is here every duplicate would be too.
      await waitFor(() => r.ids().includes('r3'), 5_000, { what: 'r3' });
      expect(r.ids()).toEqual(['r1', 'r2', 'r3']);
      expect(r.records[0]!.payload).toEqual(payload(1, 0)); // the first r1, not the duplicate
    });

    it('shares a group between members, each partition one record at a time and in order', async () => {
      const inFlight = new Map<number, number>();
      let maxInFlight = 0;
      const work = async (record: BusRecord): Promise<void> => {
        const now = (inFlight.get(record.partition) ?? 0) + 1;
        inFlight.set(record.partition, now);
        maxInFlight = Math.max(maxInFlight, now);
        // Handled for a while, to give any second delivery of the partition the chance to overlap.
        await provesNothingHappensFor(2, () => maxInFlight > 1, 'a second delivery of a partition overlapping its first');
        inFlight.set(record.partition, now - 1);
      };
      const all: BusRecord[] = [];
      const a = recorder(async (record) => {
        await work(record);
        all.push(record);
      });
      const b = recorder(async (record) => {
        await work(record);
        all.push(record);
      });
      await bus.consume('shared', a.handler);
      await bus.consume('shared', b.handler);
      const published = items(0, 40);
      // In batches, so that records arrive while others of their partition are being handled.
      for (let i = 0; i < 40; i += 10) await bus.publish(published.slice(i, i + 10));
      await waitFor(() => all.length >= 40, 10_000, { what: '40 records' });
      await provesNothingHappensFor(50, () => all.length > 40, 'a duplicate delivery');
      expect(all).toHaveLength(40);
      expect(maxInFlight).toBe(1);
      expectInPartitionOrder(all, published);
      expect(a.records.length).toBeGreaterThan(0);
      expect(b.records.length).toBeGreaterThan(0);
    });

    it('redelivers the record whose handler threw (same seq) before the next one', async () => {
      const seen: { id: string; seq: number; redeliveries: number; at: number }[] = [];
      let failed = false;
      await bus.consume('g', async (record) => {
        seen.push({ id: record.id, seq: record.seq, redeliveries: record.redeliveries, at: performance.now() });
        if (record.id === 'r2' && !failed) {
          failed = true;
          throw new Error('transient');
        }
      });
      await bus.publish([item(1, 0), item(2, 0), item(3, 0)]);
      await waitFor(() => seen.some((s) => s.id === 'r3'), 5_000, { what: 'r3' });
      expect(seen.map((s) => [s.id, s.redeliveries])).toEqual([
        ['r1', 0],
        ['r2', 0],
        ['r2', 1],
        ['r3', 0],
      ]);
      expect(seen[2]!.seq).toBe(seen[1]!.seq);
      // A backoff, not a hot loop (both adapters wait ~100 ms after a first failure).
      expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(50);
    });

    it('gives every record to each of two groups', async () => {
      const one = recorder();
      const two = recorder();
      await bus.consume('one', one.handler);
      const published = items(0, 12);
      await bus.publish(published);
      await bus.consume('two', two.handler);
      await waitFor(() => one.records.length >= 12 && two.records.length >= 12, 5_000, { what: 'both groups' });
      expectInPartitionOrder(one.records, published);
      expectInPartitionOrder(two.records, published);
    });

    it('stop() waits for the handler in progress, then nothing more is delivered to it', async () => {
      const gate = deferred();
      const started: string[] = [];
      const first = await bus.consume('g', async (record) => {
        started.push(record.id);
        await gate.promise;
      });
      await bus.publish([item(1, 0)]);
      await waitFor(() => started.length === 1, 5_000, { what: 'r1 started' });
      let stopped = false;
      const stopping = first.stop().then(() => (stopped = true));
      await provesNothingHappensFor(30, () => stopped, 'stop() returning while its handler runs');
      expect(stopped).toBe(false);
      gate.resolve();
      await stopping;
      await bus.publish([item(2, 0), item(3, 1)]);
      await provesNothingHappensFor(150, () => started.length > 1, 'a delivery to the stopped member');
      expect(started).toEqual(['r1']);
      // r1 finished during stop(), so it was acknowledged: a later member does not get it again.
      const next = recorder();
      await bus.consume('g', next.handler);
      await waitFor(() => next.records.length >= 2, 5_000, { what: 'r2 and r3' });
      expect(next.ids().sort()).toEqual(['r2', 'r3']);
    });

    it('resumes a group where its stopped member left off, without repeating acked records', async () => {
      const first = recorder();
      const handle = await bus.consume('g', first.handler);
      await bus.publish(items(0, 8));
      await waitFor(() => first.records.length >= 8, 5_000, { what: 'first 8' });
      await handle.stop();
      const later = items(8, 16);
      await bus.publish(later);
      const second = recorder();
      await bus.consume('g', second.handler);
      // A repeat would come first in its partition, so it would be among the first 8 received.
      await waitFor(() => second.records.length >= 8, 5_000, { what: 'next 8' });
      expectInPartitionOrder(second.records, later);
      expect(first.records).toHaveLength(8);
    });

    it('wakes an idle member promptly on a new record', async () => {
      const latencies: number[] = [];
      let sentAt = 0;
      let received = 0;
      await bus.consume('g', async () => {
        latencies.push(performance.now() - sentAt);
        received++;
      });
      for (let n = 0; n < 10; n++) {
        // Idle between records (nothing arrives meanwhile), so each one has to wake the consumer.
        await provesNothingHappensFor(20, () => received > n, 'a delivery with nothing published');
        sentAt = performance.now();
        await bus.publish([item(n, n)]);
        await waitFor(() => received > n, 2_000, { what: `record ${n}` });
      }
      latencies.sort((x, y) => x - y);
      // Polling at even 100 ms would put the median near 50 ms; a woken consumer is ~1 ms.
      expect(latencies[5]!).toBeLessThan(20);
    });
  });
}
