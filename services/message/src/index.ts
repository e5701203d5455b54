export * from './app';
// The fetch path, for bench/fetch-messages.ts, which times it without HTTP.
export { getMessages } from './domain/get-messages';
export { parseNarrow } from './domain/narrow';
