/**
 * Sorting an invitation's addresses (Zulip's validate_email and get_existing_user_errors):
 * invitable, refused, or skipped, in the order given. Set-based: the realm's domain rule is read
 * once and the existing accounts in one query, so a thousand addresses cost three statements.
 */
import { realmEmailValidator, type Executor, type RealmRow } from '@chat/db';
import { isValidEmail } from '../lib/accounts';
import type { CheckedInvitees } from '../lib/invitee-emails';
import { accountsByDeliveryEmail } from '../queries/users';

export async function checkInvitees(db: Executor, realm: RealmRow, emails: string[]): Promise<CheckedInvitees> {
  const checked: CheckedInvitees = { valid: [], errors: [], skipped: [] };
  const allowed = await realmEmailValidator(db, realm.id);
  const candidates: string[] = [];
  for (const email of emails) {
    if (!isValidEmail(email)) checked.errors.push([email, 'Invalid address.', false]);
    else if (!allowed(email)) checked.errors.push([email, 'Outside your domain.', false]);
    else candidates.push(email);
  }
  const existing = await accountsByDeliveryEmail(db, realm.id, candidates);
  for (const email of candidates) {
    const isActive = existing.get(email.toLowerCase());
    if (isActive === undefined) checked.valid.push(email);
    else checked.skipped.push([email, isActive ? 'Already has an account.' : 'Account has been deactivated.', !isActive]);
  }
  return checked;
}
