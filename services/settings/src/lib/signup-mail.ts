/**
 * The e-mails of signing up through a reusable invitation link: the link that proves the address
 * (the account is made only from it), or, for an address that already has an account, a note
 * saying so, so the form's answer is the same for both and tells a stranger nothing. Each from one
 * template (@chat/mail's blocks) for its plain text and its HTML.
 */
import { bold, link, paragraph, renderMail, type MailMessage } from '@chat/mail';

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
  const blocks = [
    paragraph('Hello,'),
    paragraph('Someone, hopefully you, asked to join ', bold(organization), ` on ${facts.realmUrl} with this address.`),
    paragraph(link('Confirm your address', facts.link), ', then choose your name and a password.'),
    paragraph(`The link works for ${days(facts.validityDays)}. ${IGNORE_NOTE}`),
  ];
  return { to: facts.to, subject: `Confirm your address to join ${organization}`, ...renderMail(blocks) };
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
  const blocks = [
    paragraph('Hello,'),
    paragraph(
      'Someone, hopefully you, asked to join ',
      bold(organization),
      ` on ${facts.realmUrl} with this address, which already has an account there.`,
    ),
    paragraph(state),
    paragraph(IGNORE_NOTE),
  ];
  return { to: facts.to, subject: `You already have an account in ${organization}`, ...renderMail(blocks) };
}
