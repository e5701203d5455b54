/**
 * Liveness and readiness, in the shape Kubernetes probes want.
 *
 * - /health/live answers 200 while the event loop turns: a process is restarted only when it is
 *   stuck, never because PostgreSQL is down (a restart would not bring PostgreSQL back, and
 *   every replica restarting at once turns an outage into a crash loop).
 * - /health/ready runs the process's own dependency checks (its database, bus, queue store, each
 *   injected by main.ts) and answers 503 when one fails or the process is draining, so the
 *   Service stops sending it traffic. The gateway checks only its database: one service being
 *   down must not take the whole public entry out of rotation.
 */
import { Router, type Request, type Response } from 'express';
import type { Logger } from '@chat/log';

/** Resolves when the dependency answers; rejects (or times out) when it does not. */
export type HealthCheck = () => Promise<unknown>;

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  /** 'up' or 'down' only: the gateway's probe is reachable from outside, so the reason (a
   * host, a port) goes to the log, not the answer. */
  checks: Record<string, 'up' | 'down'>;
}

/** A probe's own timeout is typically 1-5 s; a check that hangs must fail before the probe does. */
const CHECK_TIMEOUT_MS = 2000;

export class Health {
  private draining = false;

  constructor(
    private readonly checks: Record<string, HealthCheck>,
    private readonly options: { logger?: Logger; timeoutMs?: number } = {},
  ) {}

  /** From now on readiness fails, whatever the checks say (SIGTERM received). */
  markDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const results = await Promise.all(names.map((name) => this.run(name, this.checks[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const allUp = results.every((r) => r === 'up');
    return { ready: allUp && !this.draining, draining: this.draining, checks };
  }

  /** GET /health/live and GET /health/ready. */
  router(): Router {
    const router = Router();
    router.get('/health/live', (_req: Request, res: Response) => {
      res.status(200).json({ status: 'live' });
    });
    router.get('/health/ready', async (_req: Request, res: Response) => {
      const report = await this.report();
      res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'unready', ...report });
    });
    return router;
  }

  private async run(name: string, check: HealthCheck): Promise<'up' | 'down'> {
    const timeoutMs = this.options.timeoutMs ?? CHECK_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([check(), timeout]);
      return 'up';
    } catch (err) {
      this.options.logger?.warn({ err, check: name }, 'readiness check failed');
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }
}
