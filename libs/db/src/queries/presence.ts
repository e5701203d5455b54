/**
 * Presence and user status as several services show them (the settings service's endpoints and
 * /register's initial state): Zulip 2.1's get_status_dict_by_realm and get_user_info_dict.
 */
import type { Executor } from '../connect';
import { toSeconds } from '../time';

export const PRESENCE_ACTIVE = 1;
export const PRESENCE_IDLE = 2;
export const USER_STATUS_NORMAL = 0;
export const USER_STATUS_AWAY = 1;
/** Zulip's OFFLINE_THRESHOLD_SECS: an aggregated status older than this shows as offline. */
export const OFFLINE_THRESHOLD_SECS = 140;
/** Presence rows older than this are not shown (Zulip: two weeks). */
const PRESENCE_HORIZON_MS = 14 * 24 * 3600 * 1000;

export interface ClientPresence {
  client: string;
  status: 'active' | 'idle';
  timestamp: number;
  pushable: boolean;
}

export type UserPresenceDict = Record<string, Record<string, unknown>>;

export function presenceStatusName(status: number): 'active' | 'idle' {
  return status === PRESENCE_ACTIVE ? 'active' : 'idle';
}

interface PresenceRow {
  user_id: number;
  email: string;
  client: string;
  status: number;
  timestamp: Date | string;
}

/**
 * One user's presence: each client's entry, and `aggregated` (really the most recent client's
 * status and time, as in Zulip). Push devices are not kept here, so nothing is pushable.
 */
function userDict(rows: PresenceRow[]): Record<string, unknown> {
  const infos: ClientPresence[] = rows.map((row) => ({
    client: row.client,
    status: presenceStatusName(row.status),
    timestamp: toSeconds(row.timestamp),
    pushable: false,
  }));
  const latest = infos[infos.length - 1]!;
  const dict: Record<string, unknown> = { aggregated: { client: latest.client, status: latest.status, timestamp: latest.timestamp } };
  for (const info of infos) dict[info.client] = info;
  return dict;
}

async function presenceRows(db: Executor, realmId: number, userId?: number): Promise<PresenceRow[]> {
  const query = db('user_presence as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where({ 'p.realm_id': realmId, 'u.is_active': true, 'u.is_bot': false })
    .where('p.timestamp', '>=', new Date(Date.now() - PRESENCE_HORIZON_MS))
    .orderBy([{ column: 'p.user_id' }, { column: 'p.timestamp' }, { column: 'p.id' }])
    .select('p.user_id', 'u.email', 'p.client', 'p.status', 'p.timestamp');
  if (userId !== undefined) query.where('p.user_id', userId);
  return query;
}

function groupByEmail(rows: PresenceRow[]): UserPresenceDict {
  const byEmail = new Map<string, PresenceRow[]>();
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
  return Object.fromEntries([...byEmail].map(([email, userRows]) => [email, userDict(userRows)]));
}

/** A user's presence in the modern shape (slim_presence): when last active, and when last seen at all. */
export interface ModernPresence {
  active_timestamp: number;
  idle_timestamp: number;
}

/**
 * Every active human's presence by user id in the modern shape (Zulip's slim_presence): the
 * latest time any client was active (0 if none ever was), and the latest time any was seen.
 */
export async function realmModernPresences(db: Executor, realmId: number): Promise<Record<string, ModernPresence>> {
  if (await presenceDisabled(db, realmId)) return {};
  const result: Record<string, ModernPresence> = {};
  for (const row of await presenceRows(db, realmId)) {
    const seconds = toSeconds(row.timestamp);
    const entry = (result[String(row.user_id)] ??= { active_timestamp: 0, idle_timestamp: 0 });
    entry.idle_timestamp = Math.max(entry.idle_timestamp, seconds);
    if (row.status === PRESENCE_ACTIVE) entry.active_timestamp = Math.max(entry.active_timestamp, seconds);
  }
  return result;
}

async function presenceDisabled(db: Executor, realmId: number): Promise<boolean> {
  const realm: { settings: Record<string, unknown> | null } | undefined = await db('realms').where({ id: realmId }).first('settings');
  return realm?.settings?.presence_disabled === true;
}

/** Every active human's presence in the realm, by e-mail; empty when the realm disabled presence. */
export async function realmPresences(db: Executor, realmId: number): Promise<UserPresenceDict> {
  if (await presenceDisabled(db, realmId)) return {};
  return groupByEmail(await presenceRows(db, realmId));
}

/** One user's presence dict (clients and `aggregated`), or undefined when there is none. */
export async function userPresence(db: Executor, realmId: number, userId: number): Promise<Record<string, unknown> | undefined> {
  const rows = await presenceRows(db, realmId, userId);
  return rows.length === 0 ? undefined : userDict(rows);
}

/** Users with a status other than the default, by user id: `away` and `status_text` when set. */
export async function realmUserStatuses(db: Executor, realmId: number): Promise<Record<string, { away?: true; status_text?: string }>> {
  const rows: { user_id: number; status: number; status_text: string }[] = await db('user_status as s')
    .join('users as u', 'u.id', 's.user_id')
    .where({ 's.realm_id': realmId, 'u.is_active': true })
    .where((q) => {
      q.whereNot('s.status', USER_STATUS_NORMAL).orWhereNot('s.status_text', '');
    })
    .orderBy('s.user_id')
    .select('s.user_id', 's.status', 's.status_text');
  const result: Record<string, { away?: true; status_text?: string }> = {};
  for (const row of rows) {
    const dict: { away?: true; status_text?: string } = {};
    if (row.status === USER_STATUS_AWAY) dict.away = true;
    if (row.status_text !== '') dict.status_text = row.status_text;
    result[String(row.user_id)] = dict;
  }
  return result;
}
