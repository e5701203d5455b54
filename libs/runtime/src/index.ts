export * from './secrets';
export * from './server';
export * from './infrastructure';
export * from './operations';
export * from './probes';
export * from './database-service';
export * from './rate-limit-redis';
export * from './data-dir-lock';
