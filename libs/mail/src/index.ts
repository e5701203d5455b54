export { noMailer, type Mailer, type MailMessage, type MailerKind } from './mailer';
export { smtpMailer, type SmtpSettings } from './smtp';
export { folderMailer } from './folder';
export { mailerFromConfig, noreplyAddress, type MailConfig } from './from-config';
export * from './template';
export * from './unsubscribe';
