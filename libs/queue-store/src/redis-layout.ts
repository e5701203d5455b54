import type { QueueDescriptor } from './queue-store';

/**
 * Where the Redis store keeps things, every name under the store's prefix P:
 *
 *   P q:{<queueId>}          hash: the descriptor's fields, plus the queue's counters
 *                            nextId (the next event id, from 0), prunedId (newest pruned, from -1)
 *                            and busPos (the last bus position applied; absent until the first)
 *   P q:{<queueId>}:events   list: the unacknowledged events as JSON, oldest first, each
 *                            beginning with `{"id":<n>,` so scripts read ids without decoding
 *   P q:{<queueId>}:tx       list, while registering: each queued event's transaction id
 *                            (fields registering, fenceXmin/fenceXmax/fenceXip in the hash)
 *   P user:<userId>          set: ids of the user's queues
 *   P realm:<realmId>:public set: ids of the realm's all_public_streams or narrowed queues
 *   P expiry                 sorted set: queue id scored by lastActivity + timeoutSecs * 1000
 *   P body:<uuid>            string: a message body (JSON) shared by the events that refer to it
 *   P body-refs              hash: body key -> references from queued events
 *   P queue-counter          the INCR counter behind queue ids
 *   P queue-epoch            when this Redis issued its first queue id (ms): the ids' first
 *                            part, so ids issued after Redis lost its data never repeat old ones
 *   P wake                   pub/sub channel, one per store: each message is a comma-separated
 *                            list of queue ids with something new (events, deleted); an
 *                            interrupt is `<queueId>!<store tag>`, the store that sent it
 *
 * The `{queueId}` hash tag keeps a queue's two keys in one cluster slot, so its scripts stay
 * valid on Redis Cluster.
 */
export class RedisLayout {
  constructor(readonly prefix: string) {}

  queue(queueId: string): string {
    return `${this.prefix}q:{${queueId}}`;
  }

  events(queueId: string): string {
    return `${this.prefix}q:{${queueId}}:events`;
  }

  /** While registering: the transaction of each queued event, same positions as the events list. */
  pendingTx(queueId: string): string {
    return `${this.prefix}q:{${queueId}}:tx`;
  }

  user(userId: number): string {
    return `${this.prefix}user:${userId}`;
  }

  publicQueues(realmId: number): string {
    return `${this.prefix}realm:${realmId}:public`;
  }

  get expiry(): string {
    return `${this.prefix}expiry`;
  }

  /** A message body shared by every queue event that refers to it. */
  body(id: string): string {
    return `${this.prefix}body:${id}`;
  }

  /** Hash: body key -> number of queue events referring to it. */
  get bodyRefs(): string {
    return `${this.prefix}body-refs`;
  }

  get queueCounter(): string {
    return `${this.prefix}queue-counter`;
  }

  get queueEpoch(): string {
    return `${this.prefix}queue-epoch`;
  }

  /** The one wake-up channel: every replica subscribes once, whatever it has parked. */
  get wake(): string {
    return `${this.prefix}wake`;
  }
}

/** The descriptor as hash fields, with a new queue's counters (busPos stays absent). */
export function encodeQueue(queue: QueueDescriptor): string[] {
  return [
    'userId',
    String(queue.userId),
    'realmId',
    String(queue.realmId),
    'eventTypes',
    JSON.stringify(queue.eventTypes),
    'narrow',
    JSON.stringify(queue.narrow),
    'applyMarkdown',
    flag(queue.applyMarkdown),
    'clientGravatar',
    flag(queue.clientGravatar),
    'allPublicStreams',
    flag(queue.allPublicStreams),
    'includeSubscribers',
    flag(queue.includeSubscribers === true),
    'guest',
    flag(queue.guest === true),
    'capabilities',
    (queue.capabilities ?? []).join(','),
    'clientName',
    queue.clientName,
    'timeoutSecs',
    String(queue.timeoutSecs),
    'lastActivity',
    String(queue.lastActivity),
    'nextId',
    '0',
    'prunedId',
    '-1',
    ...(queue.registering ? ['registering', '1'] : []),
  ];
}

/** The descriptor from HGETALL's reply; null for a missing queue (an empty reply). */
export function decodeQueue(queueId: string, fields: Record<string, string>): QueueDescriptor | null {
  if (fields.userId === undefined) return null;
  return {
    id: queueId,
    userId: Number(fields.userId),
    realmId: Number(fields.realmId),
    eventTypes: JSON.parse(fields.eventTypes ?? 'null') as string[] | null,
    narrow: JSON.parse(fields.narrow ?? '[]') as [string, string][],
    applyMarkdown: fields.applyMarkdown === '1',
    clientGravatar: fields.clientGravatar === '1',
    allPublicStreams: fields.allPublicStreams === '1',
    ...(fields.includeSubscribers === '1' ? { includeSubscribers: true } : {}),
    ...(fields.guest === '1' ? { guest: true } : {}),
    ...(fields.capabilities ? { capabilities: fields.capabilities.split(',') } : {}),
    clientName: fields.clientName ?? '',
    timeoutSecs: Number(fields.timeoutSecs),
    lastActivity: Number(fields.lastActivity),
    ...(fields.registering === '1' ? { registering: true } : {}),
  };
}

function flag(value: boolean): string {
  return value ? '1' : '0';
}
