export * from './app';
// The fetch path, for bench/fetch-messages.ts, which times it without HTTP.
export { getMessages } from './queries/get-messages';
export { parseNarrow } from './lib/narrow-terms';
// The service as every topology composes it, and its retention job's name and steps (tests).
export { composeMessageService } from './compose';
export { registerRetentionJob, RETENTION_JOB, type RetentionDeps } from './consumers/retention';
export { archiveExpiredMessages, cleanArchivedData } from './actions/retention';
// The Web Push payload's shape, for the browser suite that hands one to the service worker.
export type { WebPushNotification } from './web-push';
