/**
 * The addresses of an invitation request (Zulip's get_invitee_emails_set and validate_email):
 * a comma- or newline-separated list whose entries may be `Name <address>`; each is refused (bad
 * address, outside the realm's domains) or skipped (already has an account), as Zulip's
 * `[email, message, deactivated]` triples.
 */
import { emailAllowedForRealm, type Executor, type RealmRow } from '@chat/db';
import { isValidEmail } from '../common';

export type InviteeProblem = [email: string, message: string, deactivated: boolean];

export function parseInviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const entry of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(entry);
    emails.add((named ? named[1]! : entry).trim());
  }
  emails.delete('');
  return [...emails];
}

export interface CheckedInvitees {
  valid: string[];
  errors: InviteeProblem[];
  skipped: InviteeProblem[];
}

export async function checkInvitees(db: Executor, realm: RealmRow, emails: string[]): Promise<CheckedInvitees> {
  const checked: CheckedInvitees = { valid: [], errors: [], skipped: [] };
  for (const email of emails) {
    if (!isValidEmail(email)) {
      checked.errors.push([email, 'Invalid address.', false]);
    } else if (!(await emailAllowedForRealm(db, realm.id, email))) {
      checked.errors.push([email, 'Outside your domain.', false]);
    } else {
      const existing: { is_active: boolean } | undefined = await db('users')
        .where({ realm_id: realm.id })
        .whereRaw('lower(delivery_email) = lower(?)', [email])
        .first('is_active');
      if (existing) checked.skipped.push([email, existing.is_active ? 'Already has an account.' : 'Account has been deactivated.', !existing.is_active]);
      else checked.valid.push(email);
    }
  }
  return checked;
}
