export * from './jobs';
export * from './declared-jobs';
export { DatabaseJobs, type DatabaseJobsOptions } from './database-jobs';
export { BullmqJobs, bullmqJobId, type BullmqJobsOptions } from './bullmq-jobs';
export { Wakeable } from './wakeable';
