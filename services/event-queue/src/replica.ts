/**
 * One event-queue replica's parts and their order of shutdown, shared by main.ts and the tests:
 * on SIGTERM the replica finishes its parked polls with what they have (clients poll again,
 * on another replica), stops taking bus records after the one in hand, and closes.
 */
import type { Express } from 'express';
import type { Authenticator } from '@chat/auth';
import type { Bus } from '@chat/bus';
import type { Config } from '@chat/config';
import { type Database } from '@chat/db';
import { OutboxRelay } from '@chat/dispatch';
import type { DeliveryObserver, Metrics, RateLimiter } from '@chat/http';
import type { Logger } from '@chat/log';
import type { QueueStore } from '@chat/queue-store';
import { buildApp } from './app';
import { plainEventsHandler, type PlainHandler } from './plain-events';
import { LocalPolls } from './polls';
import { startWorker, type EventQueueWorker } from './worker';

export interface ReplicaOptions {
  config: Config;
  db: Database;
  bus: Bus;
  store: QueueStore;
  logger: Logger;
  /** Join the bus delivery group (false: serve polls only). */
  consume?: boolean;
  /** Compete for the outbox relay lock. */
  relay?: boolean;
  heartbeatMs?: () => number;
  /** Told of every bus record the worker handles (metrics). */
  observer?: DeliveryObserver;
  /** Authenticates clients that reach this replica without the gateway (see ./direct-auth.ts). */
  authenticator?: Authenticator;
  /** Counts the clients `authenticator` lets in, on the gateway's windows (see ./direct-auth.ts). */
  rateLimiter?: RateLimiter;
  /** The process's request histogram, for the polls served without express. */
  requestDuration?: Metrics['requestDuration'];
}

export interface Replica {
  app: Express;
  /**
   * Steady-state GET /events on plain node:http (./plain-events.ts); a server runs it before the
   * app: `withPlainEvents(replica.plain, app)`.
   */
  plain: PlainHandler;
  polls: LocalPolls;
  worker: EventQueueWorker | null;
  relay: OutboxRelay | null;
  /** Finishes parked polls, then stops consuming and relaying; the caller closes connections. */
  drain(): Promise<void>;
}

export async function startReplica(options: ReplicaOptions): Promise<Replica> {
  const { config, db, bus, store, logger } = options;
  const polls = new LocalPolls();
  const worker =
    options.consume === false
      ? null
      : await startWorker({ bus, store, logger, observer: options.observer, gcIntervalMs: config.eventQueueGcSecs * 1000 });
  const relay = options.relay === false ? null : new OutboxRelay({ db, bus, logger });
  await relay?.start();
  const deps = {
    config,
    db,
    store,
    logger,
    polls,
    heartbeatMs: options.heartbeatMs,
    authenticator: options.authenticator,
    rateLimiter: options.rateLimiter,
  };
  const app = buildApp(deps);
  const plain = plainEventsHandler(deps, { requestDuration: options.requestDuration });
  return {
    app,
    plain,
    polls,
    worker,
    relay,
    async drain() {
      polls.drain();
      await relay?.stop();
      await worker?.stop();
    },
  };
}
