import { waitFor } from '@chat/testing';
import { MemoryBus } from '../src';
import { runBusContract } from './bus.contract';
import { item, items, recorder } from './helpers';

runBusContract('MemoryBus', async () => {
  const bus = new MemoryBus({ partitions: 4 });
  return { bus, cleanup: () => bus.close() };
});

describe('MemoryBus memory bounds', () => {
  it('forgets records once every group has handled them', async () => {
    const bus = new MemoryBus({ partitions: 4 });
    const one = recorder();
    const two = recorder();
    await bus.consume('one', one.handler);
    await bus.consume('two', two.handler);
    await bus.publish(items(0, 5_000));
    await waitFor(() => one.records.length === 5_000, 10_000, { what: 'group one' });
    await waitFor(() => two.records.length === 5_000, 10_000, { what: 'group two' });
    expect(bus.retainedRecords()).toBe(0);
    await bus.close();
  });

  it('keeps records a group has not handled, and drops the oldest past the cap', async () => {
    const bus = new MemoryBus({ partitions: 1, maxRecordsPerPartition: 100 });
    await bus.publish(items(0, 3_000));
    // 100 live + a dead head of under 1024 not yet compacted (see PartitionLog.trimTo).
    expect(bus.retainedRecords()).toBeLessThan(100 + 1024);
    const r = recorder();
    await bus.consume('late', r.handler);
    await waitFor(() => r.records.length === 100, 5_000, { what: '100 records' });
    expect(r.records[0]!.id).toBe('r2900');
    await bus.close();
  });

  it('accepts an id again once the duplicate window has passed', async () => {
    const bus = new MemoryBus({ partitions: 1, duplicateWindowMs: 50 });
    const r = recorder();
    await bus.consume('g', r.handler);
    await bus.publish([item(1, 0)]);
    await bus.publish([item(1, 0)]);
    // Published again until the window has passed and the id is accepted (later ones are dropped again).
    const acceptedAgain = async () => {
      await bus.publish([item(1, 0)]);
      return r.records.length === 2;
    };
    await waitFor(acceptedAgain, 5_000, { what: 'two deliveries' });
    expect(r.records[1]!.seq).toBeGreaterThan(r.records[0]!.seq);
    await bus.close();
  });
});
