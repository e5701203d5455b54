/** Sorting an invitation's addresses (Zulip's validate_email): invitable, refused, or skipped. */
import { emailAllowedForRealm, type Executor, type RealmRow } from '@chat/db';
import { isValidEmail } from '../lib/accounts';
import type { CheckedInvitees } from '../lib/invitee-emails';
import { accountByDeliveryEmail } from '../queries/users';

export async function checkInvitees(db: Executor, realm: RealmRow, emails: string[]): Promise<CheckedInvitees> {
  const checked: CheckedInvitees = { valid: [], errors: [], skipped: [] };
  for (const email of emails) {
    if (!isValidEmail(email)) {
      checked.errors.push([email, 'Invalid address.', false]);
    } else if (!(await emailAllowedForRealm(db, realm.id, email))) {
      checked.errors.push([email, 'Outside your domain.', false]);
    } else {
      const existing = await accountByDeliveryEmail(db, realm.id, email);
      if (existing) checked.skipped.push([email, existing.is_active ? 'Already has an account.' : 'Account has been deactivated.', !existing.is_active]);
      else checked.valid.push(email);
    }
  }
  return checked;
}
