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

/**
 * A process's shared resources, each made when a service first asks for it and closed through
 * `atShutdown`: one render pool (its threads and per-user limits cover every service), one mailer.
 */
export function processResources(
  config: Config,
  logger: Logger,
  atShutdown: (close: () => Promise<void>) => void,
): Pick<ServiceContext, 'renderer' | 'mailer'> {
  let renderer: RenderPool | undefined;
  let mailer: Mailer | undefined;
  return {
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
}
