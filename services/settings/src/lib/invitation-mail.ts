/**
 * The invitation e-mail: who invites, to which organization, the link, and how long it works.
 * One template (@chat/mail's blocks) makes its plain text and its HTML (names escaped there: a
 * full name is free text).
 */
import { bold, link, paragraph, renderMail, type MailMessage } from '@chat/mail';

export interface InvitationMailFacts {
  to: string;
  inviterName: string;
  inviterEmail: string;
  realmName: string;
  realmUrl: string;
  link: string;
  validityDays: number;
}

export function invitationMail(facts: InvitationMailFacts): MailMessage {
  const organization = facts.realmName || facts.realmUrl;
  const blocks = [
    paragraph('Hello,'),
    paragraph(
      `${facts.inviterName} (${facts.inviterEmail}) has invited you to join `,
      bold(organization),
      ` on ${facts.realmUrl}, where the team talks in streams and topics.`,
    ),
    paragraph(link('Accept the invitation', facts.link), ', then choose your name and a password.'),
    paragraph(`The link works for ${facts.validityDays} days. If you did not expect this invitation, you can ignore this message.`),
  ];
  return { to: facts.to, subject: `${facts.inviterName} invited you to join ${organization}`, ...renderMail(blocks) };
}
