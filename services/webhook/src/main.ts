import { runDatabaseService } from '@chat/runtime';
import { composeWebhookService } from './compose';

/** The webhook service as its own process (distributed topology). */
runDatabaseService('webhook', composeWebhookService);
