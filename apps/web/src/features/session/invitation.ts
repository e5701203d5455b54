/**
 * Invitation links (the server's e-mail links `/accounts/do_confirm/<key>` and reusable links
 * `/join/<key>/`, as Zulip's): the key a page address carries, if it is one. Pure: no DOM.
 */
import { INVITATION_LINK_PATHS } from '@chat/contracts';

// The paths are plain segments (letters, `_` and `/`): nothing in them is special to a RegExp.
const INVITATION_PATH = new RegExp(`^(?:${INVITATION_LINK_PATHS.join('|')})/([a-z0-9]{24})/?$`);

export function invitationKeyOf(pathname: string): string | null {
  return INVITATION_PATH.exec(pathname)?.[1] ?? null;
}
