/**
 * Prometheus metrics (prom-client), one registry per process entry rather than prom-client's
 * global one: the embedded topology and the tests build several apps in one process, and a
 * global registry would refuse the second app's metrics by name.
 *
 * Request durations are labelled by the route template (`/api/v1/messages/:message_id`), never
 * the raw URL: ids in paths would make one time series per message.
 */
import type { RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where the template of the route that handled a request is left for the metrics and logs. */
export const ROUTE_TEMPLATE = 'routeTemplate';

/** Called by whatever matched the request (an endpoint, a gateway route). */
export function setRouteTemplate(res: Response, template: string): void {
  res.locals[ROUTE_TEMPLATE] = template;
}

/** The template that handled the request; unknown paths share one label so scanners cost nothing. */
export function routeTemplateOf(res: Response): string {
  const template: unknown = res.locals[ROUTE_TEMPLATE];
  return typeof template === 'string' ? template : 'unmatched';
}

export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** GET /metrics. */
  handler: RequestHandler;
}

/** Long-polls park up to 55 s, so the buckets reach past a minute; API calls sit in the first few. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, from arrival to the end of the response',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const handler: RequestHandler = async (_req, res, next) => {
    try {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
    } catch (err) {
      next(err);
    }
  };
  return { registry, requestDuration, handler };
}

/** What the event tier reports about itself; each is read when Prometheus scrapes. */
export interface EventTierSources {
  /** Long-polls parked in this process (LocalPolls.size). */
  parkedPolls: () => number;
  /** Event queues in the store (all replicas share it, so every replica reports the same number). */
  queues: () => Promise<number>;
  /** Bus records not yet handled by the delivery group, all partitions together; null: unknown. */
  consumerLag?: () => Promise<number | null>;
}

export interface DeliveryObserver {
  /** A bus record was handled: `appended` events went into queues; `committedAt` (ms) is its outbox row's time. */
  delivered(appended: number, committedAt?: number): void;
}

/** Seconds from the outbox row to the append: what a client waits beyond its own round trip. */
const DELIVERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerEventTierMetrics(metrics: Metrics, sources: EventTierSources): DeliveryObserver {
  const registers = [metrics.registry];
  new Gauge({
    name: 'chat_event_queues',
    help: 'Event queues in the queue store',
    registers,
    async collect() {
      this.set(await sources.queues());
    },
  });
  new Gauge({
    name: 'chat_event_parked_polls',
    help: 'GET /events long-polls parked in this process (the autoscaling signal of the event tier)',
    registers,
    collect() {
      this.set(sources.parkedPolls());
    },
  });
  if (sources.consumerLag) {
    const lag = sources.consumerLag;
    new Gauge({
      name: 'chat_bus_consumer_lag',
      help: 'Bus records published but not yet handled by the event-queue delivery group',
      registers,
      async collect() {
        const value = await lag().catch(() => null);
        if (value !== null) this.set(value);
      },
    });
  }
  const appended = new Counter({ name: 'chat_events_appended_total', help: 'Events appended to queues', registers });
  const records = new Counter({ name: 'chat_bus_records_delivered_total', help: 'Bus records handled by this process', registers });
  const latency = new Histogram({
    name: 'chat_event_delivery_latency_seconds',
    help: 'From the outbox row (the writing transaction) to the append to the queues',
    buckets: DELIVERY_BUCKETS,
    registers,
  });
  return {
    delivered(count, committedAt) {
      records.inc();
      if (count > 0) appended.inc(count);
      // Only records that reached a queue: a record nobody listens to says nothing about waiting.
      if (count > 0 && committedAt !== undefined) latency.observe(Math.max(0, Date.now() - committedAt) / 1000);
    },
  };
}
