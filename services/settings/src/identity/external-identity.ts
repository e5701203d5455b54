/**
 * What an external login backend (OpenID Connect now; SAML and LDAP later) hands over once the
 * provider vouched for someone, and where the login goes afterwards. The backends stop here: the
 * account (resolve-user.ts) and the end of the login (finish-login.ts) are the same for all.
 */

/** A person as the provider names them. */
export interface ExternalIdentity {
  /** The provider (an OpenID issuer, a SAML entity id): subjects are unique only within it. */
  issuer: string;
  /** Its stable id of the person; addresses change, this does not. */
  subject: string;
  email: string | null;
  /** Only `true` lets the address name an existing account: anything else could be a takeover. */
  emailVerified: boolean;
  fullName: string | null;
}

/** Where a login started: its realm, where to land, and the apps' one-time pads. */
export interface LoginIntent {
  realmId: number;
  /** A same-origin path (next-path.ts). */
  next: string;
  /** The sign-up button was used (the account may be created, as at the login button when auto sign-up is on). */
  isSignup: boolean;
  mobileFlowOtp: string | null;
  desktopFlowOtp: string | null;
}
