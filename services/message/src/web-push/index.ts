/** Web Push: the entry points the notification decision calls, and the sender. */
export { requestWebPush, requestWebPushRemoval, webPushEnabled, registerWebPushJobs } from './jobs';
export { sendWebPush, type WebPushDeps, type WebPushOutcome } from './send';
export { messageNotification, type WebPushNotification } from './notification';
export { WEB_PUSH_JOB, WEB_PUSH_REMOVAL_JOB } from './kinds';
