import { preparePgliteTemplate, removePgliteTemplates } from './pglite-template';
import { dropTemplateDatabases, prepareTemplateDatabase } from './postgres';
import { startTestRun } from './run-id';
import { startTestS3Server } from './object-storage';

/**
 * Jest global setup: one migrated template per run for each database engine, PostgreSQL's
 * (./postgres.ts) and PGlite's (./pglite-template.ts), named after the run (./run-id.ts); those
 * of runs that were killed before their teardown are removed first. And the run's S3 API server
 * (./object-storage.ts), whose endpoint the test files find in their environment.
 */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  startTestRun();
  removePgliteTemplates({ thisRun: false });
  await dropTemplateDatabases({ thisRun: false });
  const [s3] = await Promise.all([startTestS3Server(), prepareTemplateDatabase(), preparePgliteTemplate()]);
  // Global setup and teardown share this process's globals (and only they do).
  (globalThis as { testS3Server?: { close(): Promise<void> } }).testS3Server = s3;
}
