export * from './app';
// The fetch path, for bench/fetch-messages.ts, which times it without HTTP.
export { getMessages } from './domain/get-messages';
export { parseNarrow } from './domain/narrow';
// Background jobs the message service owns (the composition roots register them).
export { registerMessageJobs } from './consumers/background-jobs';
export { registerRetentionJob, RETENTION_JOB, type RetentionDeps } from './consumers/retention';
export { archiveExpiredMessages, cleanArchivedData } from './domain/retention';
