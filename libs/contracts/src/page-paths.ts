/**
 * The web client's pages that links from outside the app open (Zulip's confirmation_url paths):
 * the settings service writes them into mails, the web client reads the key from them, and the
 * gateway (with the Ingress) serves the client's page there.
 */

/** An e-mail invitation's link: `/accounts/do_confirm/<key>`. */
export const EMAIL_INVITATION_PATH = '/accounts/do_confirm';

/** A reusable invitation link: `/join/<key>/`. */
export const REUSABLE_INVITATION_PATH = '/join';

export const INVITATION_LINK_PATHS = [EMAIL_INVITATION_PATH, REUSABLE_INVITATION_PATH] as const;
