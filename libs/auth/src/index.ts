export * from './authenticator';
