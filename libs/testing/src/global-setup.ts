import { preparePgliteTemplate } from './pglite-template';
import { prepareTemplateDatabase } from './postgres';

/**
 * Jest global setup: one migrated template per run for each database engine, PostgreSQL's
 * (./postgres.ts) and PGlite's (./pglite-template.ts).
 */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  await Promise.all([prepareTemplateDatabase(), preparePgliteTemplate()]);
}
