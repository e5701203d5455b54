export * from './outbox-relay';
export * from './job-requests';
