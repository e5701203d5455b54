/**
 * The password reset e-mail: the link, how long it works, and what to do when it was not asked
 * for. One template (@chat/mail's blocks) makes its plain text and its HTML.
 */
import { bold, link, paragraph, renderMail, type MailMessage } from '@chat/mail';

export interface PasswordResetMailFacts {
  to: string;
  realmName: string;
  realmUrl: string;
  link: string;
  validityHours: number;
}

export function passwordResetMail(facts: PasswordResetMailFacts): MailMessage {
  const organization = facts.realmName || facts.realmUrl;
  const blocks = [
    paragraph('Hello,'),
    paragraph(
      `Someone (hopefully you) asked to reset the password of your account ${facts.to} in `,
      bold(organization),
      ` (${facts.realmUrl}).`,
    ),
    // The address itself as the link's text: mail clients that show only text still offer it whole.
    paragraph('To choose a new password, open this link: ', link(facts.link, facts.link)),
    paragraph(`The link works once, for ${facts.validityHours} hours. Choosing a new password logs your account out of every browser.`),
    paragraph('If you did not ask for this, you can ignore this message: your password stays as it is.'),
  ];
  return { to: facts.to, subject: `Reset your password for ${organization}`, ...renderMail(blocks) };
}
