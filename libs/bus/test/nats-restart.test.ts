/**
 * The NATS bus across broker restarts, on a private nats-server (never the shared 4222):
 * - kill -9 and start with its storage: acknowledged records survive (file storage), the bus
 *   reconnects, publishing and consuming go on without a process restart, no loss is reported;
 * - kill -9, storage deleted, start: the next publish reports BusLossError before anything lands
 *   in the re-created stream, then publishing resumes and the consumers find their new consumers.
 * Positions given at publish reach the consumers unchanged.
 */
import { startPrivateNats, waitFor, waitForSuccess, type PrivateBroker } from '@chat/testing';
import { BusLossError, NatsBus, type PublishItem } from '../src';
import { item, recorder } from './helpers';

jest.setTimeout(90_000);

let broker: PrivateBroker;
let bus: NatsBus;

beforeAll(async () => {
  broker = await startPrivateNats();
});
afterAll(async () => {
  await bus?.close().catch(() => undefined);
  await broker.stop();
});

function positioned(from: number, to: number): PublishItem[] {
  const out: PublishItem[] = [];
  for (let n = from; n < to; n++) out.push({ ...item(n, 1), position: 1000 + n });
  return out;
}

/** Retries a publish until it goes through; returns the errors seen on the way. */
async function publishEventually(items: PublishItem[]): Promise<unknown[]> {
  const errors: unknown[] = [];
  const publish = () =>
    bus.publish(items).catch((err: unknown) => {
      errors.push(err);
      throw err;
    });
  await waitForSuccess(publish, 30_000, { stepMs: 200, what: 'a publish going through' });
  return errors;
}

it('survives a restart with its storage, and reports a restart without it before publishing again', async () => {
  bus = await NatsBus.connect({ servers: broker.url, stream: 'restart_test', partitions: 2, exclusivePublisher: true, ackWaitMs: 2_000 });
  const seen = recorder();
  const consumer = await bus.consume('g', seen.handler);
  await bus.publish(positioned(0, 5));
  await waitFor(() => seen.records.length === 5, 10_000, { what: 'first records' });
  expect(seen.records.map((r) => r.position)).toEqual([1000, 1001, 1002, 1003, 1004]);

  await broker.restart();
  const afterRestart = await publishEventually(positioned(5, 8));
  expect(afterRestart.some((err) => err instanceof BusLossError)).toBe(false);
  // kill -9 may lose the consumer's latest acks, so some records come again (consumers skip them
  // by position); none is missing.
  const unique = () => new Set(seen.ids()).size;
  await waitFor(() => unique() === 8, 30_000, { what: 'records after a restart' });

  await broker.restart({ wipe: true });
  const afterWipe = await publishEventually(positioned(8, 10));
  expect(afterWipe.filter((err) => err instanceof BusLossError)).toHaveLength(1);
  // The stream is new: its own sequence restarted, the positions did not.
  await waitFor(() => unique() === 10, 30_000, { what: 'records after a wipe' });
  const last = seen.records.filter((r) => r.position! >= 1008);
  expect(last.map((r) => r.position)).toEqual([1008, 1009]);
  expect(last[0]!.seq).toBe(1);
  await consumer.stop();
});

it('lets a relay that becomes leader continue the chain after another published (startedAt verifies the stream)', async () => {
  const before = await NatsBus.connect({ servers: broker.url, stream: 'handover_test', partitions: 1, exclusivePublisher: true });
  await before.publish(positioned(0, 1));
  // Connected while `before` led: it knows record 0 as the stream's last, then `before` goes on.
  const after = await NatsBus.connect({ servers: broker.url, stream: 'handover_test', partitions: 1, exclusivePublisher: true });
  try {
    await before.publish(positioned(1, 3));
    await after.startedAt();
    await expect(after.publish(positioned(3, 5))).resolves.toBeUndefined();
  } finally {
    await Promise.all([before.close(), after.close()]);
  }
});
