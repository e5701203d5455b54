export * from './app';
export * from './worker';
export * from './replica';
export * from './polls';
export { plainEventsHandler, withPlainEvents, type PlainHandler } from './plain-events';
