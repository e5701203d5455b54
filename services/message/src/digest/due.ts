/**
 * Who is due a digest (Zulip's enqueue_emails): on the realm's digest weekday, in a realm with
 * digests on, its active people (no bots) who keep `enable_digest_emails` on, have not been seen
 * for DIGEST_INACTIVE_DAYS (their presence is older, or there is none) and were not mailed one in
 * the last DIGEST_REPEAT_HOURS.
 */
import { anyOf, type Executor } from '@chat/db';
import { REALM_PROPERTY_DEFAULTS } from '@chat/views';

/** People seen more recently than this read their streams themselves (Zulip's DIGEST_CUTOFF). */
export const DIGEST_INACTIVE_DAYS = 5;
/** The schedule runs every hour; one digest per person and day, whatever the runs. */
export const DIGEST_REPEAT_HOURS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Python's weekday(): Monday 0 to Sunday 6, in UTC (Zulip's realms' digest_weekday). */
export function weekdayOf(now: Date): number {
  return (now.getUTCDay() + 6) % 7;
}

function realmSetting(settings: Record<string, unknown>, name: string): unknown {
  return name in settings ? settings[name] : REALM_PROPERTY_DEFAULTS[name];
}

export async function usersDueForDigest(db: Executor, now: Date): Promise<{ realmId: number; userId: number }[]> {
  const realms: { id: number; settings: Record<string, unknown> }[] = await db('realms')
    .where({ deactivated: false })
    .select('id', 'settings');
  const weekday = weekdayOf(now);
  const due = realms.filter(
    (r) => realmSetting(r.settings, 'digest_emails_enabled') === true && realmSetting(r.settings, 'digest_weekday') === weekday,
  );
  if (due.length === 0) return [];
  const seenSince = new Date(now.getTime() - DIGEST_INACTIVE_DAYS * DAY_MS);
  const mailedSince = new Date(now.getTime() - DIGEST_REPEAT_HOURS * 60 * 60 * 1000);
  const rows: { id: number; realm_id: number }[] = await db('users as u')
    .whereRaw(
      ...anyOf(
        'u.realm_id',
        due.map((r) => r.id),
      ),
    )
    .where({ 'u.is_active': true, 'u.is_bot': false })
    .whereRaw(`coalesce((u.settings->>'enable_digest_emails')::boolean, true)`)
    .whereNotExists((q) => {
      q.select(db.raw('1')).from('user_presence as p').whereRaw('p.user_id = u.id').where('p.timestamp', '>', seenSince);
    })
    .whereNotExists((q) => {
      q.select(db.raw('1')).from('digest_emails_sent as d').whereRaw('d.user_id = u.id').where('d.sent_at', '>', mailedSince);
    })
    .orderBy('u.id')
    .select('u.id', 'u.realm_id');
  return rows.map((r) => ({ realmId: r.realm_id, userId: r.id }));
}
