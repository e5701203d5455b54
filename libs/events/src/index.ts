export * from './capabilities';
export * from './empty-topic';
export * from './message';
export * from './notice';
export * from './event-map';
export * from './user-event-notice';
export * from './schemas';
