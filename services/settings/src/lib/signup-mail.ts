/**
 * The e-mails of signing up through a reusable invitation link: the link that proves the address
 * (the account is made only from it), or, for an address that already has an account, a note
 * saying so, so the form's answer is the same for both and tells a stranger nothing. Plain text
 * with an HTML alternative, names escaped in the HTML.
 */
import type { MailMessage } from '@chat/mail';
import { escapeHtml } from './invitation-mail';

const IGNORE_NOTE = 'If you did not ask for this, ignore this message: nothing happens without you.';

export interface ConfirmationMailFacts {
  to: string;
  realmName: string;
  realmUrl: string;
  link: string;
  validityDays: number;
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

export function confirmationMail(facts: ConfirmationMailFacts): MailMessage {
  const organization = facts.realmName || facts.realmUrl;
  const text = [
    'Hello,',
    '',
    `Someone, hopefully you, asked to join ${organization} on ${facts.realmUrl} with this address.`,
    '',
    'To confirm the address is yours, open this link, then choose your name and a password:',
    facts.link,
    '',
    `The link works for ${days(facts.validityDays)}. ${IGNORE_NOTE}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>Someone, hopefully you, asked to join <b>${escapeHtml(organization)}</b> on ${escapeHtml(facts.realmUrl)} with this address.</p>`,
    `<p><a href="${escapeHtml(facts.link)}">Confirm your address</a>, then choose your name and a password.</p>`,
    `<p>The link works for ${days(facts.validityDays)}. ${IGNORE_NOTE}</p>`,
  ].join('\n');
  return { to: facts.to, subject: `Confirm your address to join ${organization}`, text, html };
}

export interface AccountExistsMailFacts {
  to: string;
  realmName: string;
  realmUrl: string;
  deactivated: boolean;
}

export function accountExistsMail(facts: AccountExistsMailFacts): MailMessage {
  const organization = facts.realmName || facts.realmUrl;
  const state = facts.deactivated
    ? 'That account has been deactivated; an administrator of the organization can reactivate it.'
    : `Log in at ${facts.realmUrl} with this address.`;
  const text = [
    'Hello,',
    '',
    `Someone, hopefully you, asked to join ${organization} on ${facts.realmUrl} with this address, which already has an account there.`,
    '',
    state,
    '',
    IGNORE_NOTE,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>Someone, hopefully you, asked to join <b>${escapeHtml(organization)}</b> on ${escapeHtml(facts.realmUrl)} with this address, which already has an account there.</p>`,
    `<p>${escapeHtml(state)}</p>`,
    `<p>${IGNORE_NOTE}</p>`,
  ].join('\n');
  return { to: facts.to, subject: `You already have an account in ${organization}`, text, html };
}
