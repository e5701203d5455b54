export * from './app';
// The fetch path, for bench/fetch-messages.ts, which times it without HTTP.
export { getMessages } from './queries/get-messages';
export { parseNarrow } from './lib/narrow-terms';
// Background jobs the message service owns (the composition roots register them).
export { registerMessageJobs } from './consumers/background-jobs';
export { registerRetentionJob, RETENTION_JOB, type RetentionDeps } from './consumers/retention';
export { archiveExpiredMessages, cleanArchivedData } from './actions/retention';
