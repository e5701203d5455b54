export * from './config';
export * from './postgres';
export * from './api-client';
export * from './service';
export * from './outbox';
export * from './processes';
export * from './apply-events';
export * from './openapi';
