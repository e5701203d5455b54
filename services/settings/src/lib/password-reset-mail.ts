/**
 * The password reset e-mail: the link, how long it works, and what to do when it was not asked
 * for. Plain text with an HTML alternative; the realm's name is escaped in the HTML.
 */
import type { MailMessage } from '@chat/mail';
import { escapeHtml } from './invitation-mail';

export interface PasswordResetMailFacts {
  to: string;
  realmName: string;
  realmUrl: string;
  link: string;
  validityHours: number;
}

export function passwordResetMail(facts: PasswordResetMailFacts): MailMessage {
  const organization = facts.realmName || facts.realmUrl;
  const text = [
    'Hello,',
    '',
    `Someone (hopefully you) asked to reset the password of your account ${facts.to} in ${organization} (${facts.realmUrl}).`,
    '',
    'To choose a new password, open this link:',
    facts.link,
    '',
    `The link works once, for ${facts.validityHours} hours. Choosing a new password logs your account out of every browser.`,
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>Someone (hopefully you) asked to reset the password of your account ${escapeHtml(facts.to)} in <b>${escapeHtml(organization)}</b> (${escapeHtml(facts.realmUrl)}).</p>`,
    `<p><a href="${escapeHtml(facts.link)}">Choose a new password</a></p>`,
    `<p>The link works once, for ${facts.validityHours} hours. Choosing a new password logs your account out of every browser.</p>`,
    '<p>If you did not ask for this, you can ignore this message: your password stays as it is.</p>',
  ].join('\n');
  return { to: facts.to, subject: `Reset your password for ${organization}`, text, html };
}
