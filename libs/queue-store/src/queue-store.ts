import type { ClientEvent } from '@chat/events';

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
  clientName: string;
  /** Idle time after which the queue is garbage-collected (600 s by default). */
  timeoutSecs: number;
  /** Milliseconds since the epoch of the client's last register or poll. */
  lastActivity: number;
}

/** An event as stored in a queue: the client event with its queue-local id. */
export interface QueuedEvent extends ClientEvent {
  id: number;
}

export interface AppendEntry {
  queueId: string;
  event: ClientEvent;
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

export interface QueueStore {
  /** A new unique queue id. */
  newQueueId(): Promise<string>;
  create(queue: QueueDescriptor): Promise<void>;
  get(queueId: string): Promise<QueueDescriptor | null>;
  /** Records client activity (register, poll): only this postpones garbage collection. */
  touch(queueId: string, now: number): Promise<boolean>;
  delete(queueId: string): Promise<void>;
  /** Every queue of these users, for routing events. */
  queuesOfUsers(userIds: number[]): Promise<QueueDescriptor[]>;
  /** Queues of the realm that see public-stream messages they were not sent (all_public_streams or a narrow). */
  publicStreamQueues(realmId: number): Promise<QueueDescriptor[]>;
  /**
   * Appends each entry's event to its queue, giving it the queue's next id, and wakes the queue's
   * waiter. Nothing happens for a queue that no longer exists, nor, when `busSeq` is given, for a
   * queue that already applied that bus position or a later one (a redelivery).
   * Returns the new id per entry, or null where nothing was appended.
   */
  append(entries: AppendEntry[], busSeq?: number): Promise<(number | null)[]>;
  /** Prunes events up to lastEventId, then returns the rest (Zulip's prune + contents). */
  fetch(queueId: string, lastEventId: number): Promise<FetchResult>;
  /** Resolves when an event is appended to the queue after the call, the timeout passes, or signal aborts. */
  waitForEvent(queueId: string, timeoutMs: number, signal?: AbortSignal): Promise<WaitResult>;
  /** Ids of queues idle for longer than their timeout at `now`. */
  expiredQueues(now: number): Promise<string[]>;
  close(): Promise<void>;
}
