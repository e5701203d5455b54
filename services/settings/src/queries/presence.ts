/**
 * Presence as Zulip 2.1's zerver/views/presence.py shows it: GET /realm/presence (also the answer
 * to POST /users/me/presence) and GET /users/{email}/presence; and the row an update reads.
 */
import { getUserByEmail, OFFLINE_THRESHOLD_SECS, realmModernPresences, realmPresences, userPresence, type Executor } from '@chat/db';
import { plainError } from '@chat/errors';
import type { SettingsContext } from '../deps';

/** The realm's presences, per user e-mail (2.1) or per user id (slim, today's clients). */
export async function presenceResponse(ctx: SettingsContext, realmId: number, slim: boolean): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  const presences = slim ? await realmModernPresences(db, realmId) : await realmPresences(db, realmId);
  return { presences, server_timestamp: Date.now() / 1000 };
}

/**
 * One user's presence as Zulip's get_presence_backend shows it: per client and aggregated, only
 * status and timestamp; an aggregated status older than the offline threshold reads "offline".
 */
export async function getUserPresence(ctx: SettingsContext, realmId: number, email: string): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  const target = email.includes('\u0000') ? undefined : await getUserByEmail(db, realmId, email);
  if (!target || !target.is_active) throw plainError('No such user');
  if (target.is_bot) throw plainError('Presence is not supported for bot users.');
  const dict = await userPresence(db, realmId, target.id);
  if (!dict) throw plainError(`No presence data for ${target.email}`);
  const presence: Record<string, { status: string; timestamp: number }> = {};
  for (const [client, value] of Object.entries(dict)) {
    const info = value as { status: string; timestamp: number };
    presence[client] = { status: info.status, timestamp: info.timestamp };
  }
  const aggregated = presence.aggregated!;
  if (Math.floor(Date.now() / 1000) - aggregated.timestamp > OFFLINE_THRESHOLD_SECS) aggregated.status = 'offline';
  return { presence };
}

/** A user's presence row for one client. */
export interface PresenceRow {
  status: number;
  timestamp: Date | string;
}

/** The user's row for the client, locked for the update about to be made. */
export async function lockPresenceRow(trx: Executor, key: { user_id: number; client: string }): Promise<PresenceRow | undefined> {
  return trx('user_presence').where(key).forUpdate().first('status', 'timestamp');
}
