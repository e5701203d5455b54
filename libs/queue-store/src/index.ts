export * from './queue-store';
export { MemoryQueueStore, type MemoryQueueStoreOptions, type PersistedQueue } from './memory-store';
export { RedisQueueStore, type RedisQueueStoreOptions } from './redis-store';
export { Waiters, type Parked } from './waiters';
export { RedisLayout } from './redis-layout';
