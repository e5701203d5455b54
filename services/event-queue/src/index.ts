export * from './app';
export * from './worker';
