import { performance } from 'node:perf_hooks';
import type { Logger } from '@chat/log';
import { partitionOf, type Bus, type ConsumerHandle, type PublishItem, type RecordHandler } from './bus';
import { PartitionLog, RecentIds, type StoredRecord } from './memory-log';
import { DEFAULT_DUPLICATE_WINDOW_MS, assertGroupName, assertPartitions, redeliveryDelayMs } from './policy';

export interface MemoryBusOptions {
  partitions: number;
  /** How long a published id is remembered for deduplication (default 2 minutes, as NATS). */
  duplicateWindowMs?: number;
  /** At most this many ids are remembered, whatever their age (default 100 000): a burst of
   * 100k records in 2 minutes is far beyond one process's outbox rate, and caps memory (~10 MB). */
  maxDuplicateIds?: number;
  /** Records kept per partition that some group has not yet passed (default 100 000), the
   * counterpart of the stream's age limit: past it the oldest are dropped, with a warning for each
   * group that had not handled them, rather than growing until the process dies. */
  maxRecordsPerPartition?: number;
  logger?: Logger;
}

/** One group's place in one partition. */
interface Cursor {
  /** Absolute position of the next record to hand out (see PartitionLog). */
  position: number;
  /** A record of this partition is with a handler or waiting for its redelivery. */
  busy: boolean;
  /** Deliveries of the record at `position` so far that failed. */
  redeliveries: number;
  retryTimer?: NodeJS.Timeout;
}

interface Member {
  handler: RecordHandler;
  /** Deliveries in progress, one per partition at most; stop() waits for them. */
  inFlight: Set<Promise<void>>;
}

interface Group {
  cursors: Cursor[];
  members: Member[];
  /** Round-robin position in `members` for the next record handed out. */
  turn: number;
}

/**
 * The in-process bus of the embedded topology, with the semantics of the NATS adapter
 * (bus.ts; the shared contract suite checks both):
 *
 * - seq is bus-wide and strictly increasing, like a JetStream stream sequence.
 * - A group is durable: it exists from its first consume() until the bus closes, keeps its
 *   position in every partition while it has no member, and starts at the beginning of the log
 *   (DeliverPolicy.All), so records published before its first member joined are delivered,
 *   as far back as the log still holds them (records are trimmed once every group that exists
 *   has handled them, so a group created later starts at the oldest record still held).
 * - Members share a group's partitions record by record: each partition's next record goes to
 *   the next live member in round-robin order, like a JetStream pull consumer with
 *   max_ack_pending 1 serving the waiting pulls of several processes. A partition therefore has
 *   at most one record in flight, whichever member holds it.
 * - A handler that throws gets the same record (same seq, redeliveries + 1) again after a
 *   backoff, before anything after it in that partition, possibly on another member.
 */
export class MemoryBus implements Bus {
  readonly partitions: number;
  private readonly logs: PartitionLog[];
  private readonly recentIds: RecentIds;
  private readonly groups = new Map<string, Group>();
  private readonly maxRecordsPerPartition: number;
  private readonly logger?: Logger;
  private lastSeq = 0;
  private closed = false;

  constructor(options: MemoryBusOptions) {
    assertPartitions(options.partitions);
    this.partitions = options.partitions;
    this.logs = Array.from({ length: options.partitions }, () => new PartitionLog());
    this.recentIds = new RecentIds(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS, options.maxDuplicateIds ?? 100_000);
    this.maxRecordsPerPartition = options.maxRecordsPerPartition ?? 100_000;
    this.logger = options.logger;
  }

  async publish(items: PublishItem[]): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    const now = performance.now();
    const touched = new Set<number>();
    for (const item of items) {
      if (!this.recentIds.add(item.id, now)) continue;
      const partition = partitionOf(item.partitionKey, this.partitions);
      // The payload is stored as given: the NATS adapter hands consumers a JSON copy, so
      // publishers must not mutate a payload after publishing it (they build a fresh one per row).
      this.logs[partition]!.append({
        id: item.id,
        partition,
        seq: ++this.lastSeq,
        ...(item.position !== undefined ? { position: item.position } : {}),
        payload: item.payload,
      });
      touched.add(partition);
    }
    for (const partition of touched) this.enforceCap(partition);
    // Wake the consumers in a microtask: no handler ever runs inside publish's own call stack.
    if (touched.size > 0) {
      queueMicrotask(() => {
        for (const group of this.groups.values()) for (const p of touched) this.pump(group, p);
      });
    }
  }

  async consume(group: string, handler: RecordHandler): Promise<ConsumerHandle> {
    if (this.closed) throw new Error('bus closed');
    assertGroupName(group);
    const state = this.groupNamed(group);
    const member: Member = { handler, inFlight: new Set() };
    state.members.push(member);
    queueMicrotask(() => {
      for (let p = 0; p < this.partitions; p++) this.pump(state, p);
    });
    return { stop: () => this.stopMember(state, member) };
  }

  async close(): Promise<void> {
    this.closed = true;
    const stops: Promise<void>[] = [];
    for (const group of this.groups.values()) {
      for (const cursor of group.cursors) clearTimeout(cursor.retryTimer);
      for (const member of [...group.members]) stops.push(this.stopMember(group, member));
    }
    await Promise.all(stops);
  }

  /** Records held in memory across partitions, handled or not (for tests and metrics). */
  retainedRecords(): number {
    return this.logs.reduce((sum, log) => sum + log.held, 0);
  }

  private groupNamed(name: string): Group {
    let group = this.groups.get(name);
    if (!group) {
      group = {
        cursors: this.logs.map((log) => ({ position: log.start, busy: false, redeliveries: 0 })),
        members: [],
        turn: 0,
      };
      this.groups.set(name, group);
    }
    return group;
  }

  private async stopMember(group: Group, member: Member): Promise<void> {
    // Out of the round robin at once; what it is handling now it finishes.
    const index = group.members.indexOf(member);
    if (index >= 0) group.members.splice(index, 1);
    // Deliveries never reject (deliver() catches), so this waits for exactly the handlers running.
    await Promise.all(member.inFlight);
  }

  /** Hands the partition's next record to a member if the partition is idle. */
  private pump(group: Group, partition: number): void {
    const cursor = group.cursors[partition]!;
    if (this.closed || cursor.busy || group.members.length === 0) return;
    const log = this.logs[partition]!;
    if (cursor.position < log.start) {
      cursor.position = log.start; // dropped by the size cap (warned in enforceCap)
      cursor.redeliveries = 0;
    }
    const record = log.at(cursor.position);
    if (!record) return;
    const member = group.members[group.turn++ % group.members.length]!;
    cursor.busy = true;
    const delivery = this.deliver(group, cursor, member, record, cursor.position);
    member.inFlight.add(delivery);
    void delivery.finally(() => member.inFlight.delete(delivery));
  }

  private async deliver(group: Group, cursor: Cursor, member: Member, stored: StoredRecord, position: number): Promise<void> {
    try {
      // Through a microtask, so a handler that throws synchronously counts as a failure too.
      await Promise.resolve().then(() => member.handler({ ...stored, redeliveries: cursor.redeliveries }));
    } catch (err) {
      if (this.closed) return;
      cursor.redeliveries++;
      const delayMs = redeliveryDelayMs(cursor.redeliveries - 1);
      this.logger?.warn({ err, seq: stored.seq, partition: stored.partition, delayMs }, 'bus handler failed, redelivering');
      // The partition stays busy until the timer: nothing after this record is handed out.
      cursor.retryTimer = setTimeout(() => {
        cursor.retryTimer = undefined;
        cursor.busy = false;
        this.pump(group, stored.partition);
      }, delayMs);
      return;
    }
    // Nothing moves a busy cursor, so it still points at `position`.
    cursor.position = position + 1;
    cursor.redeliveries = 0;
    cursor.busy = false;
    this.trim(stored.partition);
    // The next record of a backlog waits for setImmediate rather than a microtask, so draining a
    // long backlog with handlers that never await yields to I/O between records.
    setImmediate(() => this.pump(group, stored.partition));
  }

  /** Drops the records every existing group has passed. With no group at all nothing is
   * trimmed: a group created later must still see them (bounded by the cap). */
  private trim(partition: number): void {
    if (this.groups.size === 0) return;
    let min = Infinity;
    for (const group of this.groups.values()) min = Math.min(min, group.cursors[partition]!.position);
    this.logs[partition]!.trimTo(min);
  }

  private enforceCap(partition: number): void {
    const log = this.logs[partition]!;
    const excess = log.end - log.start - this.maxRecordsPerPartition;
    if (excess <= 0) return;
    const newStart = log.start + excess;
    for (const [name, group] of this.groups) {
      const behind = newStart - group.cursors[partition]!.position;
      if (behind > 0)
        this.logger?.warn({ group: name, partition, dropped: behind }, 'bus log full: dropping records a group has not handled');
    }
    log.trimTo(newStart);
  }
}
