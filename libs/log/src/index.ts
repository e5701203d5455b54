import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { clip, serializeError } from './bounded';
import { currentRequestId } from './context';

export * from './context';
export { clip, serializeError } from './bounded';

export type Logger = pino.Logger;

/**
 * What never reaches a log line. API keys travel in Authorization headers and api_key parameters;
 * passwords in login forms (fetch_api_key) and new-user forms; the signed identity header would
 * let anyone with the log replay a call within its window. pino's paths match one level per
 * `*`, so each spelling a call site uses is listed.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-chat-signature"]',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrftoken"]',
  '*.new_password',
  '*.old_password',
  'headers["x-chat-signature"]',
  'authorization',
  'api_key',
  '*.api_key',
  'apiKey',
  '*.apiKey',
  'password',
  '*.password',
  'params.api_key',
  'params.password',
  'body.api_key',
  'body.password',
];

/** One JSON logger per process; children carry the service name, lines the current request id. */
/** `toStderr`: for commands whose stdout is their answer (manage print-zuliprc > ~/.zuliprc). */
export interface LoggerDestination {
  /** Standard error instead of standard output (commands whose output is data). */
  toStderr?: boolean;
  /** Lines written here instead (tests that read what was logged). */
  stream?: DestinationStream;
}

export function createLogger(level: string, name = 'chat', options: LoggerDestination = {}): Logger {
  const settings: LoggerOptions = {
    name,
    level,
    redact: REDACT_PATHS,
    // Errors without their statements and values, every field clipped (./bounded.ts).
    serializers: { err: serializeError },
    formatters: { log: (object) => clip(object) as Record<string, unknown> },
    // The request id of the work in progress (see ./context.ts), on every line logged for it.
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  if (options.stream) return pino(settings, options.stream);
  return options.toStderr ? pino(settings, pino.destination(2)) : pino(settings);
}
