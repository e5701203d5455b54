import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';

/** The message service as its own process (distributed topology). */
runDatabaseService('message', ({ config, db, logger }) => buildApp({ config, db, logger }));
