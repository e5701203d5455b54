import type { GenericEvent } from '@chat/events';

/**
 * Where event queues live: in Redis in the distributed topology (any event-queue replica serves
 * any queue), in memory in the embedded one. The contract suite in ../test runs against both.
 */
export interface QueueDescriptor {
  /** `<generation>:<n>`, the shape of Zulip's queue ids. */
  id: string;
  userId: number;
  realmId: number;
  /** null: every type (Zulip's None). */
  eventTypes: string[] | null;
  /** Zulip's register narrow: a list of [operator, operand] pairs. */
  narrow: [string, string][];
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  /** Subscription events keep their subscriber lists only for queues that asked for them. */
  includeSubscribers?: boolean;
  /**
   * A guest's queue: guests read only the streams they are in, so a narrow never makes the queue
   * take public-stream messages it was not sent.
   */
  guest?: boolean;
  /** The client capabilities it declared (@chat/events CLIENT_CAPABILITIES): they pick event shapes. */
  capabilities?: string[];
  clientName: string;
  /** Idle time after which the queue is garbage-collected (600 s by default). */
  timeoutSecs: number;
  /** Milliseconds since the epoch of the client's last register or poll. */
  lastActivity: number;
  /**
   * True from create until setFence: /register is still reading the initial state, and each
   * append records its transaction so that setFence can drop what that state already holds.
   */
  registering?: boolean;
}

/**
 * A PostgreSQL snapshot (pg_current_snapshot()): the transactions a read saw. /register reads the
 * initial state in one snapshot and fences its queue with it: an event from a transaction the
 * snapshot saw is already in the state, so it is never delivered; any other event is.
 */
export interface Snapshot {
  xmin: number;
  xmax: number;
  /** Transactions in progress when the snapshot was taken (not seen, although below xmax). */
  xip: number[];
}

/** Whether the snapshot saw transaction `txId` (PostgreSQL's XidInMVCCSnapshot, inverted). */
export function visibleIn(snapshot: Snapshot, txId: number): boolean {
  if (txId < snapshot.xmin) return true;
  if (txId >= snapshot.xmax) return false;
  return !snapshot.xip.includes(txId);
}

/** Parses pg_snapshot's text form `xmin:xmax:xip,xip,...`. */
export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, xip] = text.split(':');
  if (xmin === undefined || xmax === undefined) throw new Error(`not a snapshot: ${text}`);
  return {
    xmin: Number(xmin),
    xmax: Number(xmax),
    xip: xip
      ? xip
          .split(',')
          .filter((x) => x !== '')
          .map(Number)
      : [],
  };
}

/**
 * An event as stored in a queue: the client event with its queue-local id. A queue stores events
 * of every type alike (their shapes are checked where they are built), hence GenericEvent.
 */
export interface QueuedEvent extends GenericEvent {
  id: number;
}

export interface AppendEntry {
  queueId: string;
  event: GenericEvent;
}

/** The result of fetching a queue: its events after pruning, or why there are none to give. */
export type FetchResult =
  | { kind: 'ok'; events: QueuedEvent[] }
  | { kind: 'no-queue' }
  /** last_event_id is older than what was already pruned: "An event newer than %s has already been pruned!" */
  | { kind: 'pruned-past'; newestPrunedId: number }
  /** last_event_id names an id the queue never had: "Event %s was not in this queue". */
  | { kind: 'not-in-queue' };

export type WaitResult = 'event' | 'timeout' | 'aborted';

/** What a long-poll asks of its queue in one step (see QueueStore.poll). */
export interface PollStep {
  lastEventId: number;
  /** The polling user: another user's queue answers 'not-owner' and is left as it was. */
  userId?: number;
  /** Records client activity at this time, as touch does. */
  now?: number;
  /** Wakes the polls parked on the queue before this one, on every replica, as interrupt does. */
  interrupt?: boolean;
}

export type PollResult = FetchResult | { kind: 'not-owner' };

export interface QueueStore {
  /** A new unique queue id. */
  newQueueId(): Promise<string>;
  /** Stores a new queue; throws if the id is already taken (ids come from newQueueId). */
  create(queue: QueueDescriptor): Promise<void>;
  get(queueId: string): Promise<QueueDescriptor | null>;
  /** Records client activity (register, poll): only this postpones garbage collection. */
  touch(queueId: string, now: number): Promise<boolean>;
  /** Removes the queue and its events; its parked waiters wake ('event') and find it gone. */
  delete(queueId: string): Promise<void>;
  /** Every queue of these users, for routing events. */
  queuesOfUsers(userIds: number[]): Promise<QueueDescriptor[]>;
  /** Queues of the realm that see public-stream messages they were not sent (all_public_streams or a narrow). */
  publicStreamQueues(realmId: number): Promise<QueueDescriptor[]>;
  /**
   * Appends each entry's event to its queue, giving it the queue's next id, and wakes the queue's
   * waiter. Nothing happens for a queue that no longer exists, nor, when `busPos` is given, for a
   * queue that already applied that bus position or a later one (a redelivery, or a replay after
   * the broker lost records: positions come from the outbox, so they survive a new stream).
   * Returns the new id per entry, or null where nothing was appended.
   *
   * Entries of one call for the same queue are applied together: with `busPos` they are all
   * appended or all skipped, so one bus record may yield several events for a queue.
   *
   * `txId` is the transaction that committed the change: a queue fenced with a snapshot that saw
   * it skips the event (its state already has it); a queue still registering records it.
   */
  append(entries: AppendEntry[], busPos?: number, txId?: number): Promise<(number | null)[]>;
  /**
   * Ends a queue's registration: from now on events from transactions `snapshot` saw are skipped,
   * and those already appended while the state was being read are dropped. Atomic with appends.
   */
  setFence(queueId: string, snapshot: Snapshot): Promise<void>;
  /**
   * Prunes events up to lastEventId, then returns the rest (Zulip's prune + contents), atomically.
   * The pruning sticks even when the result is 'not-in-queue', as in Zulip. The events returned
   * stay in the queue until a later fetch acknowledges them; treat them as read-only.
   */
  fetch(queueId: string, lastEventId: number): Promise<FetchResult>;
  /**
   * GET /events's steps before it parks, atomically and in one round trip to Redis (a poll used
   * to make four: get, touch, interrupt, fetch): the queue must exist and, when `userId` is
   * given, be that user's; then touch, interrupt and fetch as asked, in that order.
   */
  poll(queueId: string, step: PollStep): Promise<PollResult>;
  /**
   * Parks until the queue has something to give, for the long-poll after an empty fetch.
   *
   * 'event' means "fetch again": the queue holds unacknowledged events (appended at any time
   * since the caller's last fetch pruned it, including between that fetch and this call, which
   * a plain "wake me on the next append" would miss), or the queue no longer exists. It resolves
   * at once when that is already true. 'timeout' after timeoutMs; 'aborted' when signal aborts
   * (or the store closes). A spurious 'event' is possible and harmless: the next fetch is empty.
   */
  waitForEvent(queueId: string, timeoutMs: number, signal?: WaitSignal): Promise<WaitResult>;
  /**
   * Wakes the queue's parked waiters on every replica ('event'): a new poll on a queue finishes
   * the one parked before it, wherever that one is, as Zulip's handlers do.
   */
  interrupt(queueId: string): Promise<void>;
  /** Ids of queues whose lastActivity + timeoutSecs is at or before `now` (Zulip's `>=`). */
  expiredQueues(now: number): Promise<string[]>;
  /** Wakes parked waiters with 'aborted' and releases what the store opened. */
  close(): Promise<void>;
}

/** Whether the queue also receives public-stream messages it was not sent (Zulip's process_message_event). */
export function seesPublicStreams(queue: QueueDescriptor): boolean {
  return queue.guest !== true && (queue.allPublicStreams || queue.narrow.length > 0);
}

/** When the queue becomes garbage: Zulip's `now - last_connection_time >= queue_timeout`. */
export function expiresAt(queue: Pick<QueueDescriptor, 'lastActivity' | 'timeoutSecs'>): number {
  return queue.lastActivity + queue.timeoutSecs * 1000;
}

/** Told once when a wait is cancelled (a waiter is its own listener: no closure per wait). */
export interface AbortListener {
  handleEvent(): void;
}

/**
 * What waitForEvent needs of a cancellation. An AbortSignal fits; so does something lighter: a
 * parked poll's own (services/event-queue/src/lib/polls.ts), since Node's AbortController, its
 * signal and a listener on it cost a parked poll about 1 KB of heap.
 */
export interface WaitSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: AbortListener, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: AbortListener): void;
}
