import { cipherFor, runDatabaseService } from '@chat/runtime';
import { buildApp } from './app';

/** The settings service as its own process (distributed topology). */
runDatabaseService('settings', (ctx) => buildApp({ ...ctx, cipher: cipherFor(ctx.config) }));
