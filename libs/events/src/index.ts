export * from './message';
export * from './notice';
export * from './types';
