import { runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';

/** The webhook service as its own process (distributed topology). */
runDatabaseService('webhook', (ctx) => buildApp(ctx));
