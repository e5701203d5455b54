/**
 * Invitation links (the server's e-mail links `/accounts/do_confirm/<key>` and reusable links
 * `/join/<key>/`, as Zulip's): the key a page address carries, if it is one. Pure: no DOM.
 */
const INVITATION_PATH = /^\/(?:accounts\/do_confirm|join)\/([a-z0-9]{24})\/?$/;

export function invitationKeyOf(pathname: string): string | null {
  return INVITATION_PATH.exec(pathname)?.[1] ?? null;
}
