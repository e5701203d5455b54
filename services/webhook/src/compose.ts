import type { ComposeService } from '@chat/runtime';
import { buildApp } from './app';

/** The webhook service in any topology: its app alone (it posts through the message service). */
export const composeWebhookService: ComposeService = (ctx) => buildApp(ctx);
