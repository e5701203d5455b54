import type { Bus, BusRecord, ConsumerHandle } from '@chat/bus';
import type { DeliveryObserver } from '@chat/http';
import { runWithRequestContext, type Logger } from '@chat/log';
import type { Database } from '@chat/db';
import type { QueueStore } from '@chat/queue-store';
import { endQueue } from '../actions/queue-gone';
import { deliverRecord } from './deliver';

/** The bus group every event-queue replica joins; replicas share its partitions. */
export const DELIVERY_GROUP = 'event-queue';
/** Zulip's EVENT_QUEUE_GC_FREQ_MSECS: idle queues are collected once a minute (EVENT_QUEUE_GC_SECS). */
const GC_INTERVAL_MS = 60_000;

export interface EventQueueWorker {
  /** Records this process delivered (for the bench and the cross-replica test). */
  delivered(): number;
  stop(): Promise<void>;
}

/** Consumes the bus into the queue store and garbage-collects idle queues. */
export async function startWorker(deps: {
  bus: Bus;
  store: QueueStore;
  /** Where a collected queue's held notifications are asked for (../actions/queue-gone.ts). */
  db: Database;
  logger: Logger;
  /** Told of every handled record (metrics). */
  observer?: DeliveryObserver;
  /** How often idle queues are collected (default one minute). */
  gcIntervalMs?: number;
}): Promise<EventQueueWorker> {
  let delivered = 0;
  const handle = async (record: BusRecord) => {
    const appended = await deliverRecord(deps.store, record);
    delivered++;
    deps.observer?.delivered(appended, record.payload.committedAt);
    deps.logger.debug({ outboxId: record.id, partition: record.partition, seq: record.seq, appended }, 'bus record delivered');
  };
  // Under the id of the request that wrote the event, so its log lines join the gateway's.
  const consumer: ConsumerHandle = await deps.bus.consume(DELIVERY_GROUP, (record) => {
    const requestId = record.payload.requestId;
    return requestId ? runWithRequestContext({ requestId }, () => handle(record)) : handle(record);
  });
  const gc = setInterval(() => {
    void collectGarbage(deps, Date.now()).catch((err: unknown) => deps.logger.warn({ err }, 'queue GC failed'));
  }, deps.gcIntervalMs ?? GC_INTERVAL_MS);
  gc.unref();
  return {
    delivered: () => delivered,
    async stop() {
      clearInterval(gc);
      await consumer.stop();
    },
  };
}

/**
 * Deletes queues idle past their timeout, each with Zulip's garbage-collection hook
 * (../actions/queue-gone.ts); several replicas may run it at once harmlessly.
 */
export async function collectGarbage(deps: { store: QueueStore; db: Database }, now: number): Promise<number> {
  const expired = await deps.store.expiredQueues(now);
  for (const queueId of expired) {
    const queue = await deps.store.get(queueId);
    if (queue) await endQueue(deps, queue);
  }
  return expired.length;
}
