export * from './app';
// The service as every topology composes it.
export { composeSettingsService } from './compose';
