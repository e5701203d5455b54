import { preparePgliteTemplate, removePgliteTemplates } from './pglite-template';
import { dropTemplateDatabases, prepareTemplateDatabase } from './postgres';
import { startTestRun } from './run-id';
import { startTestS3Server } from './object-storage';
import { startTestOidcProvider } from './oidc-provider';

/**
 * Jest global setup: one migrated template per run for each database engine, PostgreSQL's
 * (./postgres.ts) and PGlite's (./pglite-template.ts), named after the run (./run-id.ts); those
 * of runs that were killed before their teardown are removed first. And the run's S3 API server
 * (./object-storage.ts) and OpenID Provider (./oidc-provider.ts), whose addresses the test files find in their environment.
 */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  startTestRun();
  removePgliteTemplates({ thisRun: false });
  await dropTemplateDatabases({ thisRun: false });
  const [s3, oidc] = await Promise.all([startTestS3Server(), startTestOidcProvider(), prepareTemplateDatabase(), preparePgliteTemplate()]);
  // Global setup and teardown share this process's globals (and only they do).
  (globalThis as { testS3Server?: { close(): Promise<void> } }).testS3Server = s3;
  (globalThis as { testOidcProvider?: { close(): Promise<void> } }).testOidcProvider = oidc;
}
