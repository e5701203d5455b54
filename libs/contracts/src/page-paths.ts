/**
 * The web client's pages that links from outside the app open (Zulip's confirmation_url paths):
 * the settings service writes them into mails, the web client reads the key from them, and the
 * gateway (with the Ingress) serves the client's page there.
 */

/** An e-mail invitation's link: `/accounts/do_confirm/<key>`. */
export const EMAIL_INVITATION_PATH = '/accounts/do_confirm';

/** A reusable invitation link: `/join/<key>/`. */
export const REUSABLE_INVITATION_PATH = '/join';

/**
 * Password reset: the form at `/accounts/password/reset/`, a mailed link at
 * `/accounts/password/reset/<token>/` (Zulip's paths, without its uidb64 part).
 */
export const PASSWORD_RESET_PATH = '/accounts/password/reset';

/** How long a reset link works, in hours (as Zulip's reset e-mail says; Django's default is 3 days). */
export const PASSWORD_RESET_VALIDITY_HOURS = 24;

export const INVITATION_LINK_PATHS = [EMAIL_INVITATION_PATH, REUSABLE_INVITATION_PATH] as const;
