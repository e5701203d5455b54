import { preparePgliteTemplate, removePgliteTemplates } from './pglite-template';
import { dropTemplateDatabases, prepareTemplateDatabase } from './postgres';
import { startTestRun } from './run-id';

/**
 * Jest global setup: one migrated template per run for each database engine, PostgreSQL's
 * (./postgres.ts) and PGlite's (./pglite-template.ts), named after the run (./run-id.ts); those
 * of runs that were killed before their teardown are removed first.
 */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  startTestRun();
  removePgliteTemplates({ thisRun: false });
  await dropTemplateDatabases({ thisRun: false });
  await Promise.all([prepareTemplateDatabase(), preparePgliteTemplate()]);
}
