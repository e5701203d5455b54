export * from './app';
export * from './compose';
export * from './consumers/worker';
export * from './lib/polls';
export { plainEventsHandler, withPlainEvents, type PlainHandler } from './routes/plain-events';
export { MAX_HEARTBEAT_SECS } from './actions/get-events';
