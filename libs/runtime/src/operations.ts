/**
 * What every process entry puts around its app for operators: /health/live, /health/ready and
 * /metrics ahead of the API, request timing by route template, and one access-log line per
 * request carrying its request id. The probes and /metrics are mounted before the timing, so
 * Kubernetes' probes every few seconds and Prometheus' scrapes do not fill the latency histograms.
 */
import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import { Health, createMetrics, recordRequestWhenClosed, routeTemplateOf, type HealthCheck, type Metrics } from '@chat/http';
import type { Logger } from '@chat/log';

export interface Operations {
  health: Health;
  metrics: Metrics;
  /** The app with the operational routes, timing and access log around it. */
  wrap(app: RequestListener | Express): Express;
}

export function createOperations(options: { service: string; logger: Logger; checks: Record<string, HealthCheck> }): Operations {
  const health = new Health(options.checks, { logger: options.logger });
  const metrics = createMetrics(options.service);
  return {
    health,
    metrics,
    wrap(app) {
      const outer = express();
      outer.disable('x-powered-by');
      outer.set('etag', false);
      outer.use(health.router());
      outer.get('/metrics', metrics.handler);
      outer.use((req, res, next) => {
        recordRequestWhenClosed(req, res, {
          logger: options.logger,
          requestDuration: metrics.requestDuration,
          route: () => routeTemplateOf(res),
        });
        next();
      });
      outer.use(app as Express);
      return outer;
    },
  };
}
