import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';

/** The subscription service as its own process (distributed topology). */
runDatabaseService('subscription', (ctx) => buildApp(ctx));
