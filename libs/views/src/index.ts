export * from './stream-email';
export * from './streams';
export * from './subscription-row';
export * from './time';
export * from './users';
export * from './user-settings';
export * from './realm-emoji';
export * from './realm';
