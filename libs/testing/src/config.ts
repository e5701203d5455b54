import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '@chat/config';
import { createLogger, type Logger } from '@chat/log';

/**
 * A development configuration with fixed test secrets and a namespace of its own. Rate limiting
 * is off, as in Zulip's test settings: suites make thousands of requests per user; the rate-limit
 * tests turn it on. So is the limit on one user's renders in flight, for suites that send at once.
 * Mail is dropped unless a test points it at a folder or an SMTP server of its own (./mail.ts).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { CHAT_ENV: 'development', NODE_ENV: 'test' },
    {
      internalSecret: 'test-internal-secret-0123456789abcdef',
      apiKeySecret: 'test-api-key-secret-0123456789abcdef',
      namespace: `t${randomBytes(5).toString('hex')}`,
      rateLimitPerMinute: 0,
      renderPerUserInFlight: 0,
      emailBackend: 'none',
      ...overrides,
    },
  );
}

export function testLogger(): Logger {
  return createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test');
}

/** A logger at `level` that keeps every line it writes, parsed, for a test to read. */
export function recordingLogger(level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { logger: createLogger(level, 'test', { stream }), lines };
}

export function basicAuth(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
}
