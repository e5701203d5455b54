/**
 * Invitations (Zulip's zerver/views/invite.py): e-mail invitations each with their own link,
 * reusable links (multiuse), and the sign-up that accepts either. `invite_as` takes Zulip 2.1's
 * numbers (1 member, 2 administrator, 3 guest) and today's role numbers (200, 300, 400, 600).
 */
import * as p from '../params';
import { intList, jsonInt } from '../validators';

const inviteAs = {
  invite_as: p.custom(jsonInt, {
    default: 1,
    schema: { type: 'integer' },
    description:
      'The role the new account gets: 1 member, 2 administrator (only administrators may), 3 guest; or the role numbers 400, 200, 300 (moderator: only administrators may) and 600.',
  }),
};
const preregId = {
  prereg_id: p.int({ required: true, description: 'The id of the e-mail invitation, as listed by GET /invites.', example: 1 }),
};
const sessionAnswer = { user_id: ['integer', 'The id of the new account.'], email: ['string', 'Its e-mail address.'] } as const;
/** A made-up key: the examples cannot name a real one, which only the invitation's e-mail or link carries. */
const KEY_EXAMPLE = 'abcdefghijklmnopqrstuvwx';
const keyParam = p.string({
  required: true,
  description: "The invitation's key: the last part of the link it was sent with (24 letters and digits).",
  example: KEY_EXAMPLE,
});

export const settingsInviteEndpoints = {
  getInvites: {
    method: 'GET',
    path: '/invites',
    auth: 'user',
    summary: 'Pending invitations: all of the realm for administrators, their own for others',
    description:
      'Lists the invitations not yet accepted and not expired, oldest first: e-mail invitations and reusable links. ' +
      "Administrators see all of the realm's; members see those they sent. Guests and bots may not call it.",
    params: {},
    success: {
      invites: [
        'array',
        'Each `{id, email, ref, invited_by_user_id, invited, expiry_date, invited_as, is_multiuse}`, with `link_url` instead of `email` ' +
          "for a reusable link; `invited` and `expiry_date` are UNIX times in seconds, `ref` the inviter's e-mail address.",
      ],
    },
  },
  inviteUsers: {
    method: 'POST',
    path: '/invites',
    auth: 'user',
    summary: 'Invite people by e-mail to join the realm, with the streams they will join',
    description:
      "Sends each address an e-mail with its own sign-up link; the account it creates joins the given streams (and the realm's " +
      'public notifications stream). Members and administrators may invite, only administrators when the realm says so, and in a ' +
      "realm anyone may join, not accounts younger than three days. An invalid address, or one outside the realm's domains, " +
      'stops the whole request; addresses that already have an account are skipped, and the answer is then an error ' +
      '(`code` `INVITATION_FAILED`, with `errors` and `sent_invitations` true) although the others were invited; if every address ' +
      'is skipped, nothing is sent.',
    params: {
      invitee_emails: p.string({
        required: true,
        description: 'The addresses, separated by commas or new lines; each may be written `Name <address>`.',
        example: 'ophelia@zulip.com, Laertes <laertes@zulip.com>',
      }),
      stream_ids: p.custom(intList, {
        required: true,
        description: 'The ids of the streams the new accounts join, as a JSON list (at least one).',
        example: [2],
      }),
      ...inviteAs,
    },
    success: {},
  },
  revokeInvite: {
    method: 'DELETE',
    path: '/invites/:prereg_id',
    auth: 'user',
    summary: 'Revoke an e-mail invitation; its link stops working',
    description: 'Deletes a pending e-mail invitation, so its link no longer works. Its inviter or an administrator may.',
    params: preregId,
    success: {},
  },
  resendInvite: {
    method: 'POST',
    path: '/invites/:prereg_id/resend',
    auth: 'user',
    summary: 'Send an e-mail invitation again, renewing its validity',
    description:
      "Sends the invitation's e-mail again, with the same link, which then works for the whole validity period from now. Its inviter or an administrator may.",
    params: preregId,
    success: { timestamp: ['integer', 'When it was sent again, as a UNIX time in seconds.'] },
  },
  createMultiuseInvite: {
    method: 'POST',
    path: '/invites/multiuse',
    auth: 'user',
    summary: 'Create a reusable invitation link (administrators)',
    description:
      'Creates a link anyone who has it may use to sign up, as many times as it is used until it expires or is revoked; each ' +
      "account it creates joins the given streams (none: the realm's default streams). Administrators only.",
    params: {
      stream_ids: p.custom(intList, {
        default: [],
        description: 'The ids of the streams the new accounts join, as a JSON list.',
        example: [2],
        sample: true,
      }),
      ...inviteAs,
    },
    success: { invite_link: ['string', 'The link to hand out.'] },
  },
  revokeMultiuseInvite: {
    method: 'DELETE',
    path: '/invites/multiuse/:invite_id',
    auth: 'user',
    summary: 'Revoke a reusable invitation link (administrators)',
    description: 'Deletes a reusable invitation link, so it no longer works; accounts already made with it stay. Administrators only.',
    params: { invite_id: p.int({ required: true, description: 'The id of the link, as listed by GET /invites.', example: 3 }) },
    success: {},
  },
  webInvitation: {
    method: 'GET',
    path: '/signup/invitation',
    auth: 'public',
    summary: 'What an invitation link offers (the sign-up page asks before showing its form)',
    description:
      'Tells the sign-up page what an invitation key opens, without an account: the realm and, for an e-mail invitation, the ' +
      'address. A key that is unknown, used up, expired or of another realm is refused. Only under /json.',
    params: { key: keyParam },
    success: {
      email: ['string?', 'For an e-mail invitation, the address the account will have; absent for a reusable link.'],
      realm_name: ['string', 'The name of the realm the invitation is for.'],
      is_multiuse: ['boolean', 'Whether it is a reusable link (then the sign-up form asks for an address).'],
    },
    webOnly: true,
  },
  webJoin: {
    method: 'POST',
    path: '/join',
    auth: 'public',
    summary: "Ask a reusable invitation link for a sign-up link, mailed to one's address",
    description:
      'The form of a reusable invitation link (`/join/<key>/`): mails the address a sign-up link of its own, with the ' +
      "reusable link's role and streams, valid for CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS; the account is made only from " +
      'that link (POST /signup), so it proves the address. An address that already has an account in the realm is mailed a ' +
      "note saying so instead, and the answer is the same. An address outside the realm's domains is refused. Limited to 5 " +
      'a day per client address, and to 2 an hour and 5 a day per address (429). Only under /json.',
    params: {
      key: keyParam,
      email: p.string({ required: true, description: 'The address to sign up with.', example: 'ophelia@zulip.com' }),
    },
    success: {},
    webOnly: true,
  },
  webSignup: {
    method: 'POST',
    path: '/signup',
    auth: 'public',
    summary: 'Accept an invitation: create the account and start a browser session',
    description:
      'Creates the account an e-mail invitation or a sign-up confirmation (the link POST /join mails) offers, for the address ' +
      'it was sent to, with the role and streams it names, and logs the browser in (the answer sets the session cookie, as ' +
      "POST /login does). The link is used up, with any other pending one to the same address. A reusable link's key makes " +
      'no account (POST /join mails a link instead). Only under /json.',
    params: {
      key: keyParam,
      full_name: p.string({ required: true, description: 'The name of the new user.', example: 'Ophelia' }),
      password: p.string({ required: true, description: 'Their password (at least 6 characters).', example: 'nymph in thy orisons' }),
    },
    success: sessionAnswer,
    webOnly: true,
  },
} as const;
