import { NOTICE_VERSION, type BusEvent } from '@chat/events';
import type { BusRecord, PublishItem, RecordHandler } from '../src';

export function payload(n: number, realmId = 1): BusEvent {
  return {
    outboxId: `o${n}`,
    notice: { v: NOTICE_VERSION, kind: 'event', realmId, event: { type: 'pointer', pointer: n }, userIds: [n] },
  };
}

/** Record `n` with id `r<n>` under `key`. */
export function item(n: number, key: number): PublishItem {
  return { id: `r${n}`, partitionKey: key, payload: payload(n, key) };
}

/** Records `from`..`to - 1`, keys spread over 8 realms (so over every partition of a small bus). */
export function items(from: number, to: number): PublishItem[] {
  const out: PublishItem[] = [];
  for (let n = from; n < to; n++) out.push(item(n, n % 8));
  return out;
}

export interface Recorder {
  records: BusRecord[];
  handler: RecordHandler;
  ids(): string[];
}

/** A handler that keeps what it was given, optionally doing `work` first. */
export function recorder(work?: (record: BusRecord) => Promise<void>): Recorder {
  const records: BusRecord[] = [];
  return {
    records,
    handler: async (record) => {
      if (work) await work(record);
      records.push(record);
    },
    ids: () => records.map((r) => r.id),
  };
}

/** The ids of each partition's records, in the order given. */
export function idsByPartition(records: { id: string; partition: number }[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of records) out.set(r.partition, [...(out.get(r.partition) ?? []), r.id]);
  return out;
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
