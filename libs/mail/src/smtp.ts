import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';
import { composeOptions } from './compose';

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  /** STARTTLS, required (Zulip's EMAIL_USE_TLS). */
  useTls: boolean;
  /** TLS from the first byte (EMAIL_USE_SSL, port 465). */
  useSsl: boolean;
  from: string;
  /** Test servers present self-signed certificates; production keeps verification on. */
  rejectUnauthorized?: boolean;
}

/**
 * Deadlines short enough that a dead relay fails a send in seconds instead of nodemailer's
 * two minutes: senders run in background jobs that retry, so waiting longer buys nothing.
 */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Mail through an SMTP relay, over a small pool of reused connections. */
export function smtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.useSsl,
    requireTLS: settings.useTls,
    // Without either flag the session stays in plain text, as Django's with both off.
    ignoreTLS: !settings.useTls && !settings.useSsl,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
    pool: true,
    maxConnections: 2,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    tls: { rejectUnauthorized: settings.rejectUnauthorized ?? true },
  });
  const security = settings.useSsl ? 'TLS' : settings.useTls ? 'STARTTLS' : 'plain text';
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(composeOptions(message, settings.from));
    },
    describe: () =>
      `outgoing mail goes through SMTP at ${settings.host}:${settings.port} (${security}${settings.user ? `, as ${settings.user}` : ''})`,
    async close() {
      transport.close();
    },
  };
}
