export * from './app';
export * from './rate-limit';
export * from './rate-limit-store';
export * from './rate-limit-redis';
