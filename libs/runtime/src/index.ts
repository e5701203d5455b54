export * from './secrets';
export * from './server';
export * from './infrastructure';
