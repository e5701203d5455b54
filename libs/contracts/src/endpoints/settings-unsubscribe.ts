/**
 * One-click unsubscribe from e-mails (Zulip's /accounts/unsubscribe/<type>/<key>), at the root
 * where a mail's link and its List-Unsubscribe header point. The signed token is the credential.
 * GET shows a page with a button (link scanners fetch links; only a POST changes anything); POST,
 * what a mail client sends for List-Unsubscribe-Post (RFC 8058), turns the mail off. Both answer
 * an HTML page; a token that is not valid is Zulip's JSON error (400). Declared in settingsEndpoints.
 */
import { Type } from '@sinclair/typebox';
import * as p from '../params';

const params = {
  email_type: p.string({ required: true, description: 'The kind of mail: `digest`.', example: 'digest' }),
  token: p.string({ required: true, description: 'The signed token the mail carries.', example: '10.c2lnbmF0dXJl' }),
};

export const settingsUnsubscribeEndpoints = {
  showEmailUnsubscribePage: {
    method: 'GET',
    path: '/accounts/unsubscribe/:email_type/:token',
    auth: 'public',
    root: true,
    summary: 'The page of an unsubscribe link: a button that turns the mail off (an HTML page)',
    description: 'Shows a page asking to confirm; nothing changes until its button is pressed. A token that is not valid: a 400 error.',
    params,
    success: Type.Object({}),
    errors: [400],
  },
  unsubscribeFromEmail: {
    method: 'POST',
    path: '/accounts/unsubscribe/:email_type/:token',
    auth: 'public',
    root: true,
    summary: 'Turn a kind of e-mail off from its one-click link (RFC 8058; an HTML page)',
    description:
      "Turns the mail off for the user the token names (for `digest`: their `enable_digest_emails`), as a mail client's one-click " +
      'unsubscribe does (`List-Unsubscribe=One-Click` in the body). A token that is not valid (tampered, another kind): a 400 error.',
    params,
    success: Type.Object({}),
    errors: [400],
  },
} as const;
