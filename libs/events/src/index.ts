export * from './message';
export * from './notice';
export * from './types';
export * from './schemas';
