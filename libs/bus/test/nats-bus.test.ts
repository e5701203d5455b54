import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { AckPolicy, DeliverPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { provesNothingHappensFor, waitFor } from '@chat/testing';
import { NatsBus, type BusRecord } from '../src';
import { runBusContract } from './bus.contract';
import { idsByPartition, items } from './helpers';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** A stream of its own per test, deleted after it, so runs and tests never share state. */
function streamName(): string {
  return `test_bus_${randomBytes(6).toString('hex')}`;
}

let admin: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  admin = await connect({ servers: NATS_URL });
  jsm = await jetstreamManager(admin);
});

afterAll(async () => {
  await admin.close();
});

async function deleteStream(stream: string): Promise<void> {
  await jsm.streams.delete(stream).catch(() => undefined);
}

runBusContract('NatsBus', async () => {
  const stream = streamName();
  const bus = await NatsBus.connect({ servers: NATS_URL, stream, partitions: 4 });
  return {
    bus,
    cleanup: async () => {
      await bus.close();
      await deleteStream(stream);
    },
  };
});

describe('NatsBus on JetStream', () => {
  let stream: string;
  const buses: NatsBus[] = [];

  async function open(options: { duplicateWindowMs?: number } = {}): Promise<NatsBus> {
    const bus = await NatsBus.connect({ servers: NATS_URL, stream, partitions: 2, ...options });
    buses.push(bus);
    return bus;
  }

  beforeEach(() => {
    stream = streamName();
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
    await deleteStream(stream);
  });

  it('creates the stream, updates it when it exists, and one ordered consumer per partition', async () => {
    await open();
    await open({ duplicateWindowMs: 30_000 }); // a second process, with a changed setting
    const info = await jsm.streams.info(stream);
    expect(info.config.subjects).toEqual([`${stream}.p.*`]);
    expect(info.config.duplicate_window).toBe(30_000 * 1_000_000);

    await buses[0]!.consume('events', async () => undefined);
    await buses[1]!.consume('events', async () => undefined); // same durable consumers again
    const consumer = await jsm.consumers.info(stream, 'events-p1');
    expect(consumer.config).toMatchObject({
      filter_subject: `${stream}.p.1`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_ack_pending: 1,
    });
  });

  it('shares partitions between processes (separate connections) one record at a time', async () => {
    const first = await open();
    const second = await open();
    const inFlight = new Map<number, number>();
    let maxInFlight = 0;
    const handled: { member: string; record: BusRecord }[] = [];
    const handler = (member: string) => async (record: BusRecord) => {
      const now = (inFlight.get(record.partition) ?? 0) + 1;
      inFlight.set(record.partition, now);
      maxInFlight = Math.max(maxInFlight, now);
      // Handled for a while, to give any second delivery of the partition the chance to overlap.
      await provesNothingHappensFor(2, () => maxInFlight > 1, 'a second delivery of a partition overlapping its first');
      inFlight.set(record.partition, now - 1);
      handled.push({ member, record });
    };
    await first.consume('events', handler('first'));
    await second.consume('events', handler('second'));
    const published = items(0, 30);
    await first.publish(published);
    await waitFor(() => handled.length >= 30, 10_000, { what: '30 records' });
    await provesNothingHappensFor(50, () => handled.length > 30, 'a duplicate delivery');
    expect(handled).toHaveLength(30);
    expect(maxInFlight).toBe(1);
    const records = handled.map((h) => h.record);
    expect(idsByPartition(records)).toEqual(idsByPartition(published.map((p) => ({ id: p.id, partition: p.partitionKey % 2 }))));
    expect(new Set(handled.map((h) => h.member))).toEqual(new Set(['first', 'second']));
  });

  it('rejects a group name that cannot be a durable consumer name', async () => {
    const bus = await open();
    await expect(bus.consume('bad.name', async () => undefined)).rejects.toThrow(/invalid consumer group/);
  });
});
