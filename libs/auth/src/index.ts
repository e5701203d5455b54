export * from './authenticator';
export * from './request-auth';
export * from './web-session';
