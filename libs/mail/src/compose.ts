import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer';

/** nodemailer's options for one message; the backends differ only in where the bytes go. */
export function composeOptions(message: MailMessage, defaultFrom: string): SendMailOptions {
  return {
    from: message.from ?? defaultFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.headers === undefined ? {} : { headers: message.headers }),
  };
}
