import pino from 'pino';

export type Logger = pino.Logger;

/** One JSON logger per process; children carry the service name. */
export function createLogger(level: string, name = 'chat'): Logger {
  return pino({
    name,
    level,
    // API keys travel in Authorization headers and api_key parameters: never log them.
    redact: ['req.headers.authorization', 'api_key', '*.api_key', 'apiKey', '*.apiKey'],
  });
}
