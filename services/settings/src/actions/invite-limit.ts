/**
 * The caps on invitation e-mails (Zulip's check_invite_limit), which keep a member from using the
 * server to send spam and a request from holding the database: a request names at most
 * MAX_INVITES_PER_REQUEST addresses, and a realm sends at most INVITES_DEFAULT_REALM_DAILY_MAX
 * invitations (resends included) in any 24 hours. Both refusals send nothing.
 */
import type { Executor, RealmRow } from '@chat/db';
import type { SettingsContext } from '../deps';
import { invitationFailed } from '../lib/invitations';
import { invitesSentToday } from '../queries/invitations';

/**
 * A thousand addresses are written in a few set-based statements well under a second, even on
 * the embedded server's single-writer database; ten thousand would hold every other write.
 */
export const MAX_INVITES_PER_REQUEST = 1000;

export function checkInviteRequestSize(count: number): void {
  if (count > MAX_INVITES_PER_REQUEST) {
    throw invitationFailed(`You can invite at most ${MAX_INVITES_PER_REQUEST} people at once, so no invitations were sent.`, [], false);
  }
}

/**
 * Whether the realm may send `count` more invitations today. The realm row is locked (as Zulip
 * does), so two requests cannot both take the day's last ones; resolves to the realm.
 */
export async function checkInviteLimit(ctx: SettingsContext, trx: Executor, realmId: number, count: number): Promise<RealmRow> {
  const realm = (await trx<RealmRow>('realms').where({ id: realmId }).forNoKeyUpdate().first())!;
  if ((await invitesSentToday(trx, realmId)) + count > ctx.config.invitesRealmDailyMax) {
    throw invitationFailed(
      'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
      [],
      false,
      { daily_limit_reached: true },
    );
  }
  return realm;
}

/** Counts invitations sent, in the transaction that sends them; the realm's rows past the day go. */
export async function recordInvitesSent(trx: Executor, realmId: number, count: number): Promise<void> {
  if (count === 0) return;
  await trx('realm_invites_sent').where({ realm_id: realmId }).where('sent_at', '<=', trx.raw("now() - interval '1 day'")).delete();
  await trx('realm_invites_sent').insert({ realm_id: realmId, count });
}
