export * from './app';
// The service as every topology composes it.
export { composeWebhookService } from './compose';
