import type { GenericEvent } from '@chat/events';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
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
} from './queue-store';
import { RedisLayout, decodeQueue, encodeQueue } from './redis-layout';
import { defineScripts, scriptedPipeline, type ScriptedRedis } from './redis-scripts';
import { PollBatches, type PendingPoll } from './poll-batches';
import { Waiters } from './waiters';

export type RedisQueueStoreOptions = (
  | { /** A connection the store opens, and closes in close(). */ url: string; redis?: undefined }
  | { /** A connection the caller owns: the store defines its scripts on it but never closes it. */ redis: Redis; url?: undefined }
) & {
  /** Prepended to every key and channel, e.g. 'chat:eq:', so deployments and tests never collide. */
  prefix: string;
  /** A queue holding more unacknowledged events than this is collected (0: no cap). */
  maxEvents?: number;
  /** Told of connection errors (ioredis keeps reconnecting); the process's logger, typically. */
  onError?: (error: Error) => void;
};

/**
 * The distributed topology's queue store: any event-queue replica serves any queue (see
 * ./redis-layout.ts for the keys, ./redis-scripts.ts for the atomic steps).
 *
 * Long-polls: each store holds ONE extra connection, in subscriber mode, opened on the first
 * wait, subscribed to the store's one wake-up channel for good. Each append call publishes the
 * ids of the queues it reached in one message, after its scripts, in the same pipeline; every
 * replica hears it and wakes the waiters it holds. A fan-out to 10,000 queues is one PUBLISH,
 * and a parked poll costs no channel of its own (it used to: one SUBSCRIBE, UNSUBSCRIBE and
 * PUBLISH per queue). A queue whose entries the script skipped (fenced, already applied) is
 * woken for nothing, which is harmless: the poll refetches.
 *
 * The lost wake-up (an append after the caller's empty fetch but before the waiter is parked or
 * the channel subscribed, whose PUBLISH nobody heard) is closed by checking the queue once the
 * waiter is parked and the subscription confirmed: fetch left the list empty (it prunes
 * everything up to last_event_id), so a non-empty list means something arrived since; anything
 * later is published after its append, to a channel we already listen to.
 */
export class RedisQueueStore implements QueueStore {
  private readonly redis: ScriptedRedis;
  private readonly ownsConnection: boolean;
  private readonly keys: RedisLayout;
  private readonly maxEvents: number;
  private readonly onConnectionError: (error: Error) => void;
  private readonly waiters = new Waiters();
  /** SUBSCRIBE to the wake-up channel, in flight or done (null before the first wait). */
  private subscription: Promise<unknown> | null = null;
  private subscriptionConfirmed = false;
  /** Tells this store's own interrupts apart on the shared channel. */
  private readonly tag = randomUUID();
  private subscriber: Redis | null = null;
  private closed = false;
  /** Message bodies already parsed, by key: a fan-out's woken polls share one object per body. */
  private readonly bodies = new ParsedBodies();
  /** Polls asked for in one tick (a fan-out's woken polls) go to Redis as one script call. */
  private readonly polls = new PollBatches((batch) => this.pollBatch(batch));

  constructor(options: RedisQueueStoreOptions) {
    this.ownsConnection = options.redis === undefined;
    // Auto-pipelining: the commands of one tick (a fan-out's thousands of woken polls) in one write.
    this.redis = defineScripts(options.redis ?? new Redis(options.url, { enableAutoPipelining: true }));
    this.onConnectionError = options.onError ?? (() => undefined);
    // ioredis reconnects by itself; without a listener it prints every failure to stderr.
    if (this.ownsConnection) this.redis.on('error', (error: Error) => this.onConnectionError(error));
    this.keys = new RedisLayout(options.prefix);
    this.maxEvents = options.maxEvents ?? 0;
  }

  /** `<epoch>:<n>`, Zulip's shape (its SERVER_GENERATION, then a counter), the epoch in
   * milliseconds so two lives of one Redis within a second differ. It lives in Redis beside the
   * counter: a Redis that lost its data restarts the counter at 1 under a new
   * epoch, so a client still polling a lost queue gets BAD_EVENT_QUEUE_ID, never a stranger's. */
  async newQueueId(): Promise<string> {
    const k = this.keys;
    const reply = replies(
      await this.redis.multi().set(k.queueEpoch, String(Date.now()), 'NX').get(k.queueEpoch).incr(k.queueCounter).exec(),
    );
    return `${String(reply[1])}:${String(reply[2])}`;
  }

  async create(queue: QueueDescriptor): Promise<void> {
    const k = this.keys;
    const created = await this.redis.chatQueueCreate(
      k.queue(queue.id),
      k.user(queue.userId),
      k.publicQueues(queue.realmId),
      k.expiry,
      queue.id,
      seesPublicStreams(queue) ? '1' : '0',
      expiresAt(queue),
      ...encodeQueue(queue),
    );
    if (created !== 1) throw new Error(`queue ${queue.id} already exists`);
  }

  async get(queueId: string): Promise<QueueDescriptor | null> {
    return decodeQueue(queueId, await this.redis.hgetall(this.keys.queue(queueId)));
  }

  async touch(queueId: string, now: number): Promise<boolean> {
    return (await this.redis.chatQueueTouch(this.keys.queue(queueId), this.keys.expiry, now, queueId)) === 1;
  }

  async delete(queueId: string): Promise<void> {
    const k = this.keys;
    await this.redis.chatQueueDelete(
      k.queue(queueId),
      k.events(queueId),
      k.pendingTx(queueId),
      k.expiry,
      k.bodyRefs,
      k.prefix,
      queueId,
      k.wake,
    );
  }

  async queuesOfUsers(userIds: number[]): Promise<QueueDescriptor[]> {
    const users = [...new Set(userIds)];
    if (users.length === 0) return [];
    // One SUNION for a fan-out's thousands of users (the store targets one Redis, not Cluster).
    return this.descriptors(await this.redis.sunion(...users.map((userId) => this.keys.user(userId))));
  }

  async publicStreamQueues(realmId: number): Promise<QueueDescriptor[]> {
    return this.descriptors(await this.redis.smembers(this.keys.publicQueues(realmId)));
  }

  /** One script call per queue, all in one pipeline: a 10,000-queue fan-out is one write and one read. */
  async append(entries: AppendEntry[], busPos?: number, txId?: number): Promise<(number | null)[]> {
    const ids: (number | null)[] = entries.map(() => null);
    const { groups, bodies } = groupByQueue(entries, (id) => this.keys.body(id));
    if (groups.length === 0) return ids;
    const k = this.keys;
    const pipeline = scriptedPipeline(this.redis);
    // Bodies first, with a guard expiry that the first reference removes: a body no queue took
    // (all fenced, gone or repeats) disappears by itself.
    for (const [key, json] of bodies) pipeline.set(key, json, 'EX', UNREFERENCED_BODY_TTL_SECS);
    for (const { queueId, events } of groups) {
      pipeline.chatQueueAppend(
        k.queue(queueId),
        k.events(queueId),
        k.pendingTx(queueId),
        k.expiry,
        k.bodyRefs,
        k.wake,
        busPos ?? '',
        txId ?? '',
        this.maxEvents,
        k.prefix,
        queueId,
        ...events,
      );
    }
    // After the scripts, so a woken poll finds its events; in the same write, so it is not lost
    // between two round trips.
    pipeline.publish(k.wake, groups.map((group) => group.queueId).join(','));
    const results = replies(await pipeline.exec()).slice(bodies.size, bodies.size + groups.length);
    groups.forEach((group, index) => {
      const given = results[index];
      if (Array.isArray(given)) group.positions.forEach((position, j) => (ids[position] = Number(given[j])));
    });
    return ids;
  }

  async setFence(queueId: string, snapshot: Snapshot): Promise<void> {
    const k = this.keys;
    await this.redis.chatQueueSetFence(
      k.queue(queueId),
      k.events(queueId),
      k.pendingTx(queueId),
      k.bodyRefs,
      snapshot.xmin,
      snapshot.xmax,
      snapshot.xip.join(','),
    );
  }

  async fetch(queueId: string, lastEventId: number): Promise<FetchResult> {
    const result = await this.poll(queueId, { lastEventId });
    // Without a user id the script never checks the owner.
    if (result.kind === 'not-owner') throw new Error('fetch checked an owner');
    return result;
  }

  poll(queueId: string, step: PollStep): Promise<PollResult> {
    const k = this.keys;
    if (step.interrupt) this.waiters.wake(queueId);
    return this.polls.add(
      [k.queue(queueId), k.events(queueId), k.bodyRefs, k.expiry],
      [step.lastEventId, step.userId ?? '', step.now ?? '', step.interrupt ? k.wake : '', queueId, this.interruption(queueId)],
    );
  }

  waitForEvent(queueId: string, timeoutMs: number, signal?: WaitSignal): Promise<WaitResult> {
    if (signal?.aborted) return Promise.resolve('aborted');
    if (this.closed) return Promise.resolve('aborted');
    const parked = this.waiters.park(queueId, timeoutMs, signal);
    this.subscribed()
      .then(() => this.hasEventsOrGone(queueId))
      .then(
        (ready) => ready && parked.settle('event'),
        (error: unknown) => parked.fail(error),
      );
    return parked.result;
  }

  async interrupt(queueId: string): Promise<void> {
    this.waiters.wake(queueId);
    await this.redis.publish(this.keys.wake, this.interruption(queueId));
  }

  async expiredQueues(now: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.keys.expiry, '-inf', now);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.waiters.wakeAll('aborted');
    await Promise.all([this.subscriber && quit(this.subscriber), this.ownsConnection ? quit(this.redis) : undefined]);
  }

  /** Long-polls parked on this instance right now (a gauge). */
  get parkedWaiters(): number {
    return this.waiters.size;
  }

  private async pollBatch(batch: PendingPoll[]): Promise<PollResult[]> {
    if (batch.length === 1) {
      const { keys, args } = batch[0]!;
      const reply = await this.redis.chatQueuePoll(...keys, ...args);
      return [parsePoll(reply, bodiesOf((reply as unknown[])[2], this.bodies))];
    }
    const keys = batch.flatMap((poll) => poll.keys);
    const reply = await this.redis.chatQueuePollMany(keys.length, ...keys, ...batch.flatMap((poll) => poll.args));
    const [results, pairs] = reply as [unknown[], unknown];
    const bodies = bodiesOf(pairs, this.bodies);
    return results.map((result) => parsePoll(result, bodies));
  }

  private async descriptors(queueIds: string[]): Promise<QueueDescriptor[]> {
    const unique = [...new Set(queueIds)];
    if (unique.length === 0) return [];
    const keys = unique.map((queueId) => this.keys.queue(queueId));
    const hashes = (await this.redis.chatQueueDescribe(keys.length, ...keys)) as string[][];
    const found: QueueDescriptor[] = [];
    hashes.forEach((flat, index) => {
      const queue = decodeQueue(unique[index] ?? '', fieldsOf(flat));
      if (queue) found.push(queue);
    });
    return found;
  }

  /** Whether a waiter is parked on the queue and wake-ups reach it (tests wait for this). */
  listensFor(queueId: string): boolean {
    return this.subscriptionConfirmed && this.waiters.has(queueId);
  }

  private subscribed(): Promise<unknown> {
    if (!this.subscription) {
      this.subscription = this.subscriberConnection().subscribe(this.keys.wake);
      this.subscription.then(
        () => (this.subscriptionConfirmed = true),
        // The next wait subscribes again; this one's waiters fail with the error.
        () => (this.subscription = null),
      );
    }
    return this.subscription;
  }

  /** After the subscription is confirmed: anything in the list arrived since the caller's fetch. */
  private async hasEventsOrGone(queueId: string): Promise<boolean> {
    const [exists, length] = replies(await this.redis.multi().exists(this.keys.queue(queueId)).llen(this.keys.events(queueId)).exec());
    return exists === 0 || Number(length) > 0;
  }

  /**
   * An interrupt's message: its sender wakes its own waiters when it sends it, and must not take
   * it again when it comes back, or the poll that interrupted (parked here by then) would wake.
   */
  private interruption(queueId: string): string {
    return `${queueId}${INTERRUPT_MARK}${this.tag}`;
  }

  private wakeFromChannel(message: string): void {
    for (const entry of message.split(',')) {
      const mark = entry.indexOf(INTERRUPT_MARK);
      if (mark < 0) this.waiters.wake(entry);
      else if (entry.slice(mark + 1) !== this.tag) this.waiters.wake(entry.slice(0, mark));
    }
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    // No ready check: after a reconnect it would send INFO on a connection ioredis has already
    // put back into subscriber mode, which Redis refuses.
    const subscriber = this.redis.duplicate({ enableReadyCheck: false, enableAutoPipelining: false });
    subscriber.on('error', (error: Error) => this.onConnectionError(error));
    const channel = this.keys.wake;
    subscriber.on('message', (from: string, queueIds: string) => {
      if (from === channel) this.wakeFromChannel(queueIds);
    });
    // Wake-ups published while the connection was down are lost: after a reconnect every local
    // waiter refetches (a spurious wake-up is harmless). Deferred so that ioredis's own
    // resubscription goes out first.
    let connectedBefore = false;
    subscriber.on('ready', () => {
      if (connectedBefore) setImmediate(() => this.waiters.wakeAll('event'));
      connectedBefore = true;
    });
    this.subscriber = subscriber;
    return subscriber;
  }
}

interface QueueGroup {
  queueId: string;
  /** Where the queue's entries sit in the append call. */
  positions: number[];
  events: string[];
}

const INTERRUPT_MARK = '!';

/** A body no queue event refers to is deleted after this (it normally gets references at once). */
const UNREFERENCED_BODY_TTL_SECS = 300;

/**
 * The entries per queue, in order (one script call applies all of a queue's entries or none),
 * and the message bodies they share: a fan-out hands one message object per rendering variant to
 * every queue, stored once and referred to by each queue's event.
 */
function groupByQueue(entries: AppendEntry[], bodyKey: (id: string) => string): { groups: QueueGroup[]; bodies: Map<string, string> } {
  const groups = new Map<string, QueueGroup>();
  const json = new Map<GenericEvent, string>();
  const bodyKeys = new Map<object, string>();
  const bodies = new Map<string, string>();
  entries.forEach(({ queueId, event }, position) => {
    let group = groups.get(queueId);
    if (!group) {
      group = { queueId, positions: [], events: [] };
      groups.set(queueId, group);
    }
    let text = json.get(event);
    if (text === undefined) {
      const message = event.type === 'message' && typeof event.message === 'object' ? event.message : null;
      if (message) {
        let key = bodyKeys.get(message);
        if (!key) {
          key = bodyKey(randomUUID());
          bodyKeys.set(message, key);
          bodies.set(key, JSON.stringify(message));
        }
        text = referenceJson(event, key);
      } else {
        text = eventJson(event);
      }
      json.set(event, text);
    }
    group.positions.push(position);
    group.events.push(text);
  });
  return { groups: [...groups.values()], bodies };
}

/** The event's JSON without an "id" of its own: the queue's id is spliced in first by the script. */
function eventJson(event: GenericEvent): string {
  const { id: _ownId, ...rest } = event;
  return JSON.stringify(rest);
}

/** A message event with its body replaced by a reference, which must come first (the scripts match it there). */
function referenceJson(event: GenericEvent, key: string): string {
  const { id: _ownId, message: _message, ...rest } = event;
  return JSON.stringify({ $body: key, ...rest });
}

/**
 * Bodies never change once stored (a new one gets a new key), so a parsed body can be shared by
 * every event that refers to it; events are read-only for their callers. Bounded: a fan-out needs
 * only its own body, so the cache is simply emptied when full.
 */
class ParsedBodies {
  private readonly byKey = new Map<string, unknown>();

  get(key: string, json: string): unknown {
    if (this.byKey.has(key)) return this.byKey.get(key);
    const body: unknown = JSON.parse(json);
    if (this.byKey.size >= MAX_PARSED_BODIES) this.byKey.clear();
    this.byKey.set(key, body);
    return body;
  }
}

const MAX_PARSED_BODIES = 1_000;

/** A queued event from its stored JSON; a message event's body reference becomes its body, in place. */
function decodeEvent(json: string, bodies: Map<string, unknown>): QueuedEvent {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const key = stored.$body;
  if (typeof key !== 'string') return stored as QueuedEvent;
  const event: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (name === '$body') event.message = bodies.get(key) ?? null;
    else event[name] = value;
  }
  return event as QueuedEvent;
}

/** The bodies a poll reply carries, as [key, JSON, key, JSON...], parsed (once per process). */
function bodiesOf(pairs: unknown, parsed: ParsedBodies): Map<string, unknown> {
  const bodies = new Map<string, unknown>();
  if (!Array.isArray(pairs)) return bodies;
  const texts = pairs as string[];
  for (let i = 0; i + 1 < texts.length; i += 2) bodies.set(texts[i]!, parsed.get(texts[i]!, texts[i + 1]!));
  return bodies;
}

function parsePoll(reply: unknown, bodies: Map<string, unknown>): PollResult {
  if (!Array.isArray(reply)) throw new Error(`unexpected poll reply ${String(reply)}`);
  const [kind, detail] = reply as [unknown, unknown];
  switch (kind) {
    case 'no-queue':
      return { kind };
    case 'not-owner':
      return { kind };
    case 'not-in-queue':
      return { kind };
    case 'pruned-past':
      return { kind, newestPrunedId: Number(detail) };
    case 'ok':
      return { kind, events: (detail as string[]).map((json) => decodeEvent(json, bodies)) };
    default:
      throw new Error(`unexpected poll reply ${String(kind)}`);
  }
}

/** HGETALL's flat field/value list as a record. */
function fieldsOf(flat: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return fields;
}

/** Pipeline and MULTI results, throwing the first command error. */
function replies(results: [Error | null, unknown][] | null): unknown[] {
  if (!results) throw new Error('Redis transaction aborted');
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

async function quit(connection: Redis): Promise<void> {
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}
