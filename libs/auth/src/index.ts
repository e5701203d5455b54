export * from './authenticator';
export * from './request-auth';
