/**
 * The password reset pages a page address opens: the form at `/accounts/password/reset/`, a
 * mailed link's page at `/accounts/password/reset/<token>/`. Pure: no DOM.
 */
import { PASSWORD_RESET_PATH } from '@chat/contracts';

export type ResetPage = { kind: 'request' } | { kind: 'set'; token: string };

// The path is plain segments (letters and `/`): nothing in it is special to a RegExp.
const RESET = new RegExp(`^${PASSWORD_RESET_PATH}(?:/([A-Za-z0-9_-]{43}))?/?$`);

export function resetPageOf(pathname: string): ResetPage | null {
  const found = RESET.exec(pathname);
  if (!found) return null;
  return found[1] ? { kind: 'set', token: found[1] } : { kind: 'request' };
}

/** Where the login page's "Forgot password?" link leads. */
export const RESET_FORM_URL = `${PASSWORD_RESET_PATH}/`;
