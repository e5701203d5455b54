/**
 * The invitation e-mail: who invites, to which organization, the link, and how long it works.
 * Plain text with an HTML alternative; names are escaped in the HTML (a full name is free text).
 */
import type { MailMessage } from '@chat/mail';

export interface InvitationMailFacts {
  to: string;
  inviterName: string;
  inviterEmail: string;
  realmName: string;
  realmUrl: string;
  link: string;
  validityDays: number;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invitationMail(facts: InvitationMailFacts): MailMessage {
  const organization = facts.realmName || facts.realmUrl;
  const text = [
    'Hello,',
    '',
    `${facts.inviterName} (${facts.inviterEmail}) has invited you to join ${organization} on ${facts.realmUrl}, where the team talks in streams and topics.`,
    '',
    'To accept, open this link, then choose your name and a password:',
    facts.link,
    '',
    `The link works for ${facts.validityDays} days. If you did not expect this invitation, you can ignore this message.`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(facts.inviterName)} (${escapeHtml(facts.inviterEmail)}) has invited you to join <b>${escapeHtml(organization)}</b> on ${escapeHtml(facts.realmUrl)}, where the team talks in streams and topics.</p>`,
    `<p><a href="${escapeHtml(facts.link)}">Accept the invitation</a>, then choose your name and a password.</p>`,
    `<p>The link works for ${facts.validityDays} days. If you did not expect this invitation, you can ignore this message.</p>`,
  ].join('\n');
  return { to: facts.to, subject: `${facts.inviterName} invited you to join ${organization}`, text, html };
}
