/**
 * Readiness checks and event-tier gauges for the connections a process holds. Each check costs one
 * round trip (SELECT 1, a NATS flush, a Redis PING) and runs only when a probe asks.
 */
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import Redis from 'ioredis';
import { consumerName } from '@chat/bus';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { Logger } from '@chat/log';
import { RedisLayout, RedisQueueStore, type QueueStore } from '@chat/queue-store';

export function databaseCheck(db: Database): () => Promise<unknown> {
  return () => db.knex.raw('SELECT 1');
}

/** Every queue in a store that has no cheaper count (the in-memory one: a scan of a map). */
export function queueCountByScan(store: QueueStore): () => Promise<number> {
  return async () => (await store.expiredQueues(Number.MAX_SAFE_INTEGER)).length;
}

export interface RedisQueueStoreHandle {
  store: RedisQueueStore;
  /** PING on the store's own command connection. */
  check(): Promise<unknown>;
  /** Queues in the store: the size of its expiry index (one entry per queue). */
  queueCount(): Promise<number>;
  close(): Promise<void>;
}

/** The Redis queue store on a connection this handle owns, so readiness probes the store's own link. */
export function openRedisQueueStore(config: Config): RedisQueueStoreHandle {
  const prefix = `${config.namespace}:eq:`;
  // Auto-pipelining: the commands of one tick go out in one write. A fan-out wakes thousands of
  // parked polls at once, each sending its poll script; one write per command was the hot spot.
  const redis = new Redis(config.redisUrl, { enableAutoPipelining: true });
  // ioredis reconnects by itself; without a listener an 'error' would crash the process.
  redis.on('error', () => undefined);
  const store = new RedisQueueStore({ redis, prefix, maxEvents: config.queueMaxEvents });
  const expiry = new RedisLayout(prefix).expiry;
  return {
    store,
    check: () => redis.ping(),
    queueCount: () => redis.zcard(expiry),
    async close() {
      await store.close();
      await redis.quit().catch(() => undefined);
    },
  };
}

export interface NatsMonitor {
  /** A round trip to the server. */
  check(): Promise<unknown>;
  /** Records of the stream the group has not yet handled, over every partition. */
  consumerLag(): Promise<number | null>;
  close(): Promise<void>;
}

/**
 * A second, small NATS connection for probes and lag: the bus keeps its connection to itself, and
 * reaches the same servers with the same reconnect policy, so when this one is up the bus's is
 * too, give or take a reconnect second.
 */
export async function openNatsMonitor(config: Config, group: string, logger: Logger): Promise<NatsMonitor> {
  const nc: NatsConnection = await connect({
    servers: config.natsUrl,
    name: `${config.namespace}-monitor`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  const jsm: JetStreamManager = await jetstreamManager(nc);
  const stream = `${config.namespace}_events`;
  return {
    check: () => nc.flush(),
    async consumerLag() {
      let total = 0;
      for (let partition = 0; partition < config.busPartitions; partition++) {
        try {
          const info = await jsm.consumers.info(stream, consumerName(group, partition));
          // Waiting in the stream plus the one handed out and not yet acknowledged.
          total += info.num_pending + info.num_ack_pending;
        } catch (err) {
          logger.debug({ err, partition }, 'consumer lag unavailable');
          return null;
        }
      }
      return total;
    },
    async close() {
      await nc.close();
    },
  };
}
