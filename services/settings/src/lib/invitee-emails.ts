/**
 * The addresses of an invitation request (Zulip's get_invitee_emails_set and validate_email):
 * a comma- or newline-separated list whose entries may be `Name <address>`; each is refused (bad
 * address, outside the realm's domains) or skipped (already has an account), as Zulip's
 * `[email, message, deactivated]` triples (actions/invitees.ts sorts them).
 */
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
