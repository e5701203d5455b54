/**
 * The event tier in any topology: one replica's app, its plain poll path, its bus consumer and
 * its relay candidate, and their order of shutdown. Its own process (main.ts), the embedded
 * server and the distributed test harness all compose it here. On SIGTERM the replica finishes
 * its parked polls with what they have (clients poll again, on another replica), stops taking bus
 * records after the one in hand, and closes.
 */
import type { Express } from 'express';
import type { Authenticator } from '@chat/auth';
import type { Bus } from '@chat/bus';
import { OutboxRelay } from '@chat/dispatch';
import type { DeliveryObserver, Metrics, RateLimiter } from '@chat/http';
import type { QueueStore } from '@chat/queue-store';
import type { ServiceContext } from '@chat/runtime';
import { buildApp } from './app';
import { startWorker, type EventQueueWorker } from './consumers/worker';
import { LocalPolls } from './lib/polls';
import { plainEventsHandler, type PlainHandler } from './routes/plain-events';

/**
 * What a replica is composed from: a ServiceContext's config, database and logger (the event tier
 * needs no jobs, internal client, render pool or mailer), its bus and queue store, and what the
 * process shares with it.
 */
export interface EventQueueContext extends Pick<ServiceContext, 'config' | 'db' | 'logger'> {
  bus: Bus;
  store: QueueStore;
  /** Join the bus delivery group (false: serve polls only). */
  consume?: boolean;
  /** Compete for the outbox relay lock. */
  relay?: boolean;
  heartbeatMs?: () => number;
  /** Told of every bus record the worker handles (metrics). */
  observer?: DeliveryObserver;
  /** Authenticates clients that reach this replica without the gateway (./direct-auth.ts). */
  authenticator?: Authenticator;
  /** Counts the clients `authenticator` lets in, on the gateway's windows (./direct-auth.ts). */
  rateLimiter?: RateLimiter;
  /** The process's request histogram, for the polls served without express. */
  requestDuration?: Metrics['requestDuration'];
}

export interface Replica {
  app: Express;
  /**
   * Steady-state GET /events on plain node:http (./routes/plain-events.ts); a server runs it before the
   * app: `withPlainEvents(replica.plain, app)`.
   */
  plain: PlainHandler;
  polls: LocalPolls;
  worker: EventQueueWorker | null;
  relay: OutboxRelay | null;
  /** Finishes parked polls, then stops consuming and relaying; the caller closes connections. */
  drain(): Promise<void>;
}

export async function composeEventQueueService(options: EventQueueContext): Promise<Replica> {
  const { config, db, bus, store, logger } = options;
  const polls = new LocalPolls();
  const worker =
    options.consume === false
      ? null
      : await startWorker({ bus, store, db, logger, observer: options.observer, gcIntervalMs: config.eventQueueGcSecs * 1000 });
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
