/** The weekly digest e-mail (Zulip's digest): who is due, what it says, and its jobs. */
export { enqueueDueDigests, registerDigestJobs } from './jobs';
export { mailDigest } from './send';
export { DIGEST_EMAIL_JOB, DIGEST_SCHEDULE_JOB } from './kinds';
