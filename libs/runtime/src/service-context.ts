/**
 * What a service's composition gets from the process that runs it. Each service exports one
 * compose function (composeMessageService, ...) that builds its app and registers its background
 * work from this context alone; its own process (runDatabaseService), the embedded server (every
 * service in one process) and the distributed test harness (every service in the test process,
 * each with its own connections) all call that function, so no topology composes a service its
 * own way.
 */
import type { Express } from 'express';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { InternalClient } from '@chat/http';
import type { Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';
import { mailerFromConfig, type Mailer } from '@chat/mail';
import { createRenderPool, renderPoolOptions, type RenderPool } from '@chat/render-pool';

export interface ServiceContext {
  config: Config;
  db: Database;
  logger: Logger;
  /** Calls to other services (signed HTTP). */
  internal: InternalClient;
  /** Background jobs: the service registers the workers of the work it owns. */
  jobs: Jobs;
  /** The process's render pool, made on first use and shared by the services the process runs. */
  renderer(): RenderPool;
  /** The process's mailer (SMTP, or the mail folder in development), made on first use. */
  mailer(): Mailer;
  /** Registers what the service opened beyond the database, closed at shutdown before it. */
  atShutdown(close: () => Promise<void>): void;
}

export type ComposeService = (ctx: ServiceContext) => Express | Promise<Express>;

/** What a process that runs services gives each: its contexts, and what closes what they opened. */
export interface ServiceProcess extends Pick<ServiceContext, 'renderer' | 'mailer'> {
  /** A service's context from its connections: its database, jobs and internal client. */
  contextFor(parts: Pick<ServiceContext, 'db' | 'jobs' | 'internal'>): ServiceContext;
  /** Closes what the services registered with atShutdown, in order (before the database). */
  close(): Promise<void>;
}

/**
 * A process's shared resources, each made when a service first asks for it and closed at the
 * process's close: one render pool (its threads and per-user limits cover every service), one
 * mailer.
 */
export function serviceProcess(config: Config, logger: Logger): ServiceProcess {
  const closers: (() => Promise<void>)[] = [];
  const atShutdown = (close: () => Promise<void>) => void closers.push(close);
  let renderer: RenderPool | undefined;
  let mailer: Mailer | undefined;
  const resources = {
    renderer() {
      if (!renderer) {
        const pool = createRenderPool({ ...renderPoolOptions(config), logger });
        atShutdown(() => pool.close());
        renderer = pool;
      }
      return renderer;
    },
    mailer() {
      if (!mailer) {
        const made = mailerFromConfig(config);
        // Without EMAIL_HOST mail lands in DATA_DIR/mail: the line says where, so it can be found.
        logger.info(made.describe());
        atShutdown(() => made.close());
        mailer = made;
      }
      return mailer;
    },
  };
  return {
    ...resources,
    contextFor: (parts) => ({ config, logger, atShutdown, ...resources, ...parts }),
    async close() {
      for (const close of closers) await close();
    },
  };
}
