import { removePgliteTemplates } from './pglite-template';
import { dropTemplateDatabases } from './postgres';
import { removeS3Folders } from './object-storage';

/** Jest global teardown: the run's templates and its S3 server and OpenID Provider go with it. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testS3Server?: { close(): Promise<void> } }).testS3Server?.close();
  await (globalThis as { testOidcProvider?: { close(): Promise<void> } }).testOidcProvider?.close();
  removeS3Folders({ thisRun: true });
  removePgliteTemplates({ thisRun: true });
  await dropTemplateDatabases({ thisRun: true });
}
