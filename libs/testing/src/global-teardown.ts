import { removePgliteTemplates } from './pglite-template';
import { dropTemplateDatabases } from './postgres';

/** Jest global teardown: the run's templates go with it. */
export default async function globalTeardown(): Promise<void> {
  removePgliteTemplates({ thisRun: true });
  await dropTemplateDatabases({ thisRun: true });
}
