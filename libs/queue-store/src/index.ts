export * from './queue-store';
