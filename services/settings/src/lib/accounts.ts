/** Zulip's checks of what names an account: its full name and its e-mail address. */
import { badRequest } from '@chat/errors';

/** Zulip's check_full_name (UserProfile.MIN/MAX_NAME_LENGTH and NAME_INVALID_CHARS). */
export function checkFullName(raw: string): string {
  const fullName = raw.trim();
  if (fullName.length > 100) throw badRequest('Name too long!');
  if (fullName.length < 2) throw badRequest('Name too short!');
  if (/[*`\\>"@]/.test(fullName)) throw badRequest('Invalid characters in name!');
  return fullName;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@[^\s@.]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}
