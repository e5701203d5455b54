/**
 * One small interface for every piece of code that sends mail (invitations, missed-message
 * notices). Which backend stands behind it is a deployment choice made once, from the config.
 */
export interface MailMessage {
  /** One recipient address; a mail to several people is several sends (each gets their own link). */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Defaults to the mailer's no-reply address. */
  from?: string;
  /** Extra headers (List-Unsubscribe); their values are ASCII. */
  headers?: Record<string, string>;
}

export type MailerKind = 'smtp' | 'folder' | 'none';

export interface Mailer {
  readonly kind: MailerKind;
  /** Resolves once the backend has accepted the mail; rejects with the backend's error. */
  send(message: MailMessage): Promise<void>;
  /** One line for the start-up log: where mail goes. Never contains a password. */
  describe(): string;
  close(): Promise<void>;
}

/** Mail is dropped: for deployments that send none, and tests that do not look. */
export function noMailer(): Mailer {
  return {
    kind: 'none',
    async send() {},
    describe: () => 'outgoing mail is off (EMAIL_BACKEND=none): mails are dropped',
    async close() {},
  };
}
