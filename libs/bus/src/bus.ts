import type { BusEvent } from '@chat/events';

/**
 * The message bus between the outbox relay and the consumers (the event-queue tier).
 *
 * Semantics every adapter keeps (the contract suite in ../test checks them):
 * - publish: once it resolves the records are durable; a record whose id was already published
 *   (within the deduplication window) is dropped, so republishing after a crash is safe.
 * - partitions: a record goes to partition `partitionOf(partitionKey)`; within a partition records
 *   are delivered in publish order.
 * - consume(group): a durable group; records of one partition are handled one at a time, in order,
 *   by whichever member holds it, while the members of the group share the partitions between
 *   them. A group keeps its position while it has no member, and a new group starts at the oldest
 *   record the bus still holds, so records published before its first member joined are delivered
 *   (give a group a new name only when it should replay what the bus retains). The record is acknowledged only after the handler resolves; a handler that throws (or a
 *   member that dies) gets the record redelivered, before anything after it in that partition.
 * - `seq` is the bus's own, strictly increasing position of the record in its partition, the same
 *   on every redelivery. It restarts at 1 when a broker loses its stream, so consumers skip what
 *   they already applied by `position` instead: the publisher's own order (the outbox's bus_pos),
 *   which a replay into a new stream keeps.
 * - loss: a bus that finds the broker lost records it had acknowledged rejects the next publish
 *   with BusLossError, before anything newer reaches the broker, so the publisher can replay
 *   first (docs/architecture.md, "Replay").
 */
export interface PublishItem {
  /** Deduplication id (the outbox row id). */
  id: string;
  /** Records with the same key keep their order (the realm id). */
  partitionKey: number;
  payload: BusEvent;
  /** Publish order across broker lifetimes (the outbox's bus_pos), handed to consumers. */
  position?: number;
}

export interface BusRecord {
  id: string;
  partition: number;
  seq: number;
  /** The publisher's position (PublishItem.position); absent when it gave none. */
  position?: number;
  payload: BusEvent;
  /** How many times this record was delivered before (0 the first time). */
  redeliveries: number;
}

export type RecordHandler = (record: BusRecord) => Promise<void>;

export interface ConsumerHandle {
  /** Stops taking new records; resolves after the handler in progress, if any, finished. */
  stop(): Promise<void>;
}

export interface Bus {
  readonly partitions: number;
  publish(items: PublishItem[]): Promise<void>;
  consume(group: string, handler: RecordHandler): Promise<ConsumerHandle>;
  close(): Promise<void>;
  /**
   * When the broker's current log began (JetStream: the stream's creation): records published
   * before it are not in it. Absent for an in-process bus, which is lost with its queues.
   */
  startedAt?(): Promise<Date>;
}

/** The broker lost records it had acknowledged: replay them before publishing anything newer. */
export class BusLossError extends Error {
  constructor(detail: string) {
    super(`the bus lost acknowledged records: ${detail}`);
    this.name = 'BusLossError';
  }
}

/** The position consumers deduplicate by: the publisher's, else the bus's own sequence. */
export function dedupPosition(record: Pick<BusRecord, 'position' | 'seq'>): number {
  return record.position ?? record.seq;
}

/** A stable partition for a key (realm ids are small integers, so modulo spreads them). */
export function partitionOf(key: number, partitions: number): number {
  return ((key % partitions) + partitions) % partitions;
}
