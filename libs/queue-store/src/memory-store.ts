import {
  expiresAt,
  seesPublicStreams,
  type AppendEntry,
  type FetchResult,
  type PollResult,
  type PollStep,
  type QueueDescriptor,
  type QueuedEvent,
  type QueueStore,
  type Snapshot,
  type WaitResult,
  type WaitSignal,
  visibleIn,
} from './queue-store';
import { Waiters } from './waiters';

interface MemoryQueue {
  descriptor: QueueDescriptor;
  /** Unacknowledged events, oldest first. */
  events: QueuedEvent[];
  nextId: number;
  newestPrunedId: number;
  /** The last bus position applied; undefined until an append carries one. */
  busPos: number | undefined;
  /** Set by setFence: events of transactions this snapshot saw are skipped. */
  fence?: Snapshot;
  /** While registering: the transaction of each event in `events` (same positions). */
  pendingTx?: (number | undefined)[];
}

/**
 * The embedded topology's queue store: Zulip's Tornado maps (clients by queue id, by user, by
 * realm for all_public_streams) in one process. Every operation is O(queues touched), except
 * expiredQueues, which scans every queue: once a minute over 10,000 queues is ~10,000
 * comparisons, cheaper than keeping an ordered index up to date on every touch.
 */
/** A queue as saved across a restart of the embedded server (Zulip's dump_event_queues). */
export interface PersistedQueue {
  descriptor: QueueDescriptor;
  events: QueuedEvent[];
  nextId: number;
  newestPrunedId: number;
  fence?: Snapshot;
}

export interface MemoryQueueStoreOptions {
  /** A queue holding more unacknowledged events than this is collected (0: no cap). */
  maxEvents?: number;
}

export class MemoryQueueStore implements QueueStore {
  private readonly maxEvents: number;
  /** Zulip's SERVER_GENERATION: ids of a restarted process cannot collide with old ones. */
  private readonly generation = Math.floor(Date.now() / 1000);
  private lastQueueNumber = 0;
  private readonly queues = new Map<string, MemoryQueue>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly publicByRealm = new Map<number, Set<string>>();
  private readonly waiters = new Waiters();

  constructor(options: MemoryQueueStoreOptions = {}) {
    this.maxEvents = options.maxEvents ?? 0;
  }

  async newQueueId(): Promise<string> {
    this.lastQueueNumber += 1;
    return `${this.generation}:${this.lastQueueNumber}`;
  }

  async create(queue: QueueDescriptor): Promise<void> {
    if (this.queues.has(queue.id)) throw new Error(`queue ${queue.id} already exists`);
    this.queues.set(queue.id, {
      descriptor: copy(queue),
      events: [],
      nextId: 0,
      newestPrunedId: -1,
      busPos: undefined,
      pendingTx: queue.registering ? [] : undefined,
    });
    addTo(this.byUser, queue.userId, queue.id);
    if (seesPublicStreams(queue)) addTo(this.publicByRealm, queue.realmId, queue.id);
  }

  async get(queueId: string): Promise<QueueDescriptor | null> {
    const queue = this.queues.get(queueId);
    return queue ? copy(queue.descriptor) : null;
  }

  async touch(queueId: string, now: number): Promise<boolean> {
    const queue = this.queues.get(queueId);
    if (!queue) return false;
    queue.descriptor.lastActivity = now;
    return true;
  }

  async delete(queueId: string): Promise<void> {
    const queue = this.queues.get(queueId);
    if (!queue) return;
    this.queues.delete(queueId);
    removeFrom(this.byUser, queue.descriptor.userId, queueId);
    removeFrom(this.publicByRealm, queue.descriptor.realmId, queueId);
    this.waiters.wake(queueId);
  }

  async queuesOfUsers(userIds: number[]): Promise<QueueDescriptor[]> {
    const ids = new Set<string>();
    for (const userId of userIds) for (const id of this.byUser.get(userId) ?? []) ids.add(id);
    return this.descriptors(ids);
  }

  async publicStreamQueues(realmId: number): Promise<QueueDescriptor[]> {
    return this.descriptors(this.publicByRealm.get(realmId) ?? []);
  }

  async append(entries: AppendEntry[], busPos?: number, txId?: number): Promise<(number | null)[]> {
    // Decided once per queue and call, so every entry of this call for a queue is applied (the
    // record is new to it) or none is (a redelivery), as in the Redis store's per-queue script.
    const accepted = new Map<string, boolean>();
    return entries.map(({ queueId, event }) => {
      const queue = this.queues.get(queueId);
      if (!queue) return null;
      let accept = accepted.get(queueId);
      if (accept === undefined) {
        accept = busPos === undefined || queue.busPos === undefined || busPos > queue.busPos;
        accepted.set(queueId, accept);
        if (accept && busPos !== undefined) queue.busPos = busPos;
      }
      if (!accept) return null;
      if (txId !== undefined && queue.fence && visibleIn(queue.fence, txId)) return null;
      if (this.maxEvents > 0 && queue.events.length >= this.maxEvents) {
        // Over its cap: collected, so its client gets BAD_EVENT_QUEUE_ID and registers again.
        void this.delete(queueId);
        return null;
      }
      const id = queue.nextId;
      queue.nextId += 1;
      queue.events.push({ ...event, id });
      queue.pendingTx?.push(txId);
      this.waiters.wake(queueId);
      return id;
    });
  }

  async setFence(queueId: string, snapshot: Snapshot): Promise<void> {
    const queue = this.queues.get(queueId);
    if (!queue) return;
    const pending = queue.pendingTx ?? [];
    queue.events = queue.events.filter((_, i) => {
      const txId = pending[i];
      return txId === undefined || !visibleIn(snapshot, txId);
    });
    queue.fence = { ...snapshot, xip: [...snapshot.xip] };
    queue.pendingTx = undefined;
    queue.descriptor.registering = false;
  }

  async fetch(queueId: string, lastEventId: number): Promise<FetchResult> {
    const queue = this.queues.get(queueId);
    if (!queue) return { kind: 'no-queue' };
    if (lastEventId < queue.newestPrunedId) return { kind: 'pruned-past', newestPrunedId: queue.newestPrunedId };
    let dropped = 0;
    for (const event of queue.events) {
      if (event.id > lastEventId) break;
      queue.newestPrunedId = event.id;
      dropped += 1;
    }
    if (dropped > 0) queue.events.splice(0, dropped);
    if (lastEventId !== queue.newestPrunedId) return { kind: 'not-in-queue' };
    return { kind: 'ok', events: queue.events.slice() };
  }

  async poll(queueId: string, step: PollStep): Promise<PollResult> {
    const queue = this.queues.get(queueId);
    if (!queue) return { kind: 'no-queue' };
    if (step.userId !== undefined && queue.descriptor.userId !== step.userId) return { kind: 'not-owner' };
    if (step.now !== undefined) queue.descriptor.lastActivity = step.now;
    if (step.interrupt) this.waiters.wake(queueId);
    return this.fetch(queueId, step.lastEventId);
  }

  waitForEvent(queueId: string, timeoutMs: number, signal?: WaitSignal): Promise<WaitResult> {
    if (signal?.aborted) return Promise.resolve('aborted');
    // Checked synchronously on entry: an append that ran between the caller's fetch and this call
    // left events behind, so nothing can slip between the check and the parking.
    const queue = this.queues.get(queueId);
    if (!queue || queue.events.length > 0) return Promise.resolve('event');
    return this.waiters.park(queueId, timeoutMs, signal).result;
  }

  async interrupt(queueId: string): Promise<void> {
    this.waiters.wake(queueId);
  }

  async expiredQueues(now: number): Promise<string[]> {
    const expired: string[] = [];
    for (const [id, { descriptor }] of this.queues) {
      if (expiresAt(descriptor) <= now) expired.push(id);
    }
    return expired;
  }

  async close(): Promise<void> {
    this.waiters.wakeAll('aborted');
  }

  /** Every queue with its unacknowledged events, for saving on a clean shutdown. */
  persist(): PersistedQueue[] {
    return [...this.queues.values()].map((queue) => ({
      descriptor: copy(queue.descriptor),
      events: queue.events.map((event) => ({ ...event })),
      nextId: queue.nextId,
      newestPrunedId: queue.newestPrunedId,
      ...(queue.fence ? { fence: queue.fence } : {}),
    }));
  }

  /**
   * Brings saved queues back: clients keep their queue_id and last_event_id across a restart. The
   * bus position is not restored: the in-process bus of the new process numbers from the start.
   */
  restore(saved: PersistedQueue[]): void {
    for (const queue of saved) {
      if (this.queues.has(queue.descriptor.id)) continue;
      this.queues.set(queue.descriptor.id, {
        descriptor: { ...copy(queue.descriptor), registering: false },
        events: queue.events,
        nextId: queue.nextId,
        newestPrunedId: queue.newestPrunedId,
        busPos: undefined,
        fence: queue.fence,
      });
      addTo(this.byUser, queue.descriptor.userId, queue.descriptor.id);
      if (seesPublicStreams(queue.descriptor)) addTo(this.publicByRealm, queue.descriptor.realmId, queue.descriptor.id);
    }
  }

  /** Long-polls parked right now (a gauge; tests use it to check that waiters are released). */
  get parkedWaiters(): number {
    return this.waiters.size;
  }

  private descriptors(ids: Iterable<string>): QueueDescriptor[] {
    const found: QueueDescriptor[] = [];
    for (const id of ids) {
      const queue = this.queues.get(id);
      if (queue) found.push(copy(queue.descriptor));
    }
    return found;
  }
}

/** Callers get copies, as they would from Redis, so nothing they do changes the stored queue. */
function copy(queue: QueueDescriptor): QueueDescriptor {
  return {
    ...queue,
    eventTypes: queue.eventTypes && [...queue.eventTypes],
    narrow: queue.narrow.map(([operator, operand]) => [operator, operand]),
  };
}

function addTo(index: Map<number, Set<string>>, key: number, queueId: string): void {
  let ids = index.get(key);
  if (!ids) {
    ids = new Set();
    index.set(key, ids);
  }
  ids.add(queueId);
}

function removeFrom(index: Map<number, Set<string>>, key: number, queueId: string): void {
  const ids = index.get(key);
  if (!ids) return;
  ids.delete(queueId);
  if (ids.size === 0) index.delete(key);
}
