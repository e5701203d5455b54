/**
 * Presence and user status (Zulip 2.1's zerver/views/presence.py and the actions behind it):
 * POST /users/me/presence, GET /realm/presence, GET /users/{email}/presence and PUT
 * /users/me/status. Zulip's activity intervals (new_user_input) are not kept.
 */
import {
  getUserByEmail,
  OFFLINE_THRESHOLD_SECS,
  PRESENCE_ACTIVE,
  PRESENCE_IDLE,
  presenceStatusName,
  realmModernPresences,
  realmPresences,
  USER_STATUS_AWAY,
  USER_STATUS_NORMAL,
  userPresence,
  writeNotices,
} from '@chat/db';
import { badRequest, invalidArgument, plainError } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import type { SettingsContext } from '../app';
import { activeUserIds, loadActor } from './common';

/** A same-status update older than this refreshes the row (Zulip: one minute and ten seconds). */
const STALE_MS = 70 * 1000;
/** Zulip's check_capped_string(60) for status_text. */
const MAX_STATUS_TEXT = 60;

export interface PresenceUpdate {
  status: string;
  pingOnly: boolean;
  /** Answer with the modern per-user-id presences. */
  slim: boolean;
  client: string;
}

export async function presenceResponse(ctx: SettingsContext, realmId: number, slim: boolean): Promise<Record<string, unknown>> {
  const db = ctx.db.knex;
  const presences = slim ? await realmModernPresences(db, realmId) : await realmPresences(db, realmId);
  return { presences, server_timestamp: Date.now() / 1000 };
}

/**
 * Zulip's do_update_user_presence: a client's row is created or refreshed; the realm hears of it
 * (a presence event to every active user) only when the row is new or the user comes back
 * online (from idle, or after a stale interval). An idle report does not overwrite a recent
 * active one, so two open clients do not make the status flap.
 */
export async function updatePresence(ctx: SettingsContext, realmId: number, userId: number, update: PresenceUpdate): Promise<Record<string, unknown>> {
  const status = update.status === 'active' ? PRESENCE_ACTIVE : update.status === 'idle' ? PRESENCE_IDLE : null;
  const actor = await loadActor(ctx.db.knex, realmId, userId);
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  if (status === null) throw badRequest(`Invalid status: ${update.status}`);
  await ctx.db.knex.transaction(async (trx) => {
    const now = new Date();
    const key = { user_id: userId, client: update.client };
    let created = false;
    let row: { status: number; timestamp: Date | string } | undefined = await trx('user_presence').where(key).forUpdate().first('status', 'timestamp');
    if (!row) {
      const inserted = await trx('user_presence')
        .insert({ ...key, realm_id: realmId, status, timestamp: now })
        .onConflict(['user_id', 'client'])
        .ignore()
        .returning('id');
      created = inserted.length > 0;
      row = created ? { status, timestamp: now } : await trx('user_presence').where(key).forUpdate().first('status', 'timestamp');
    }
    if (!row) return;
    let becameOnline = false;
    if (!created) {
      const stale = now.getTime() - new Date(row.timestamp).getTime() > STALE_MS;
      const wasIdle = row.status === PRESENCE_IDLE;
      becameOnline = status === PRESENCE_ACTIVE && (stale || wasIdle);
      if (stale || wasIdle || status === row.status) {
        await trx('user_presence').where(key).update({ status, timestamp: now });
        row = { status, timestamp: now };
      }
    }
    const realm: { settings: Record<string, unknown> | null } | undefined = await trx('realms').where({ id: realmId }).first('settings');
    if (realm?.settings?.presence_disabled === true || !(created || becameOnline)) return;
    const event: EventOf<'presence'> = {
      type: 'presence',
      user_id: actor.id,
      email: actor.email,
      server_timestamp: now.getTime() / 1000,
      presence: {
        [update.client]: {
          client: update.client,
          status: presenceStatusName(row.status),
          timestamp: Math.floor(new Date(row.timestamp).getTime() / 1000),
          pushable: false,
        },
      },
    };
    await writeNotices(trx, [userEventNotice(realmId, event, await activeUserIds(trx, realmId))]);
  });
  return update.pingOnly ? {} : presenceResponse(ctx, realmId, update.slim);
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

/**
 * POST /users/me/status (do_update_user_status): sets what was given; the event carries only
 * that and goes to every active user of the realm.
 */
export async function updateUserStatus(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  change: { away: boolean | undefined; statusText: string | undefined; client: string },
): Promise<Record<string, unknown>> {
  const statusText = change.statusText?.trim();
  // PostgreSQL text cannot hold NUL.
  if (statusText?.includes('\u0000')) throw invalidArgument('status_text', change.statusText);
  if (statusText !== undefined && [...statusText].length > MAX_STATUS_TEXT) {
    throw badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT} characters)`);
  }
  if (change.away === undefined && statusText === undefined) throw plainError('Client did not pass any new values.');
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const values: Record<string, unknown> = { client: change.client, timestamp: new Date() };
    if (change.away !== undefined) values.status = change.away ? USER_STATUS_AWAY : USER_STATUS_NORMAL;
    if (statusText !== undefined) values.status_text = statusText;
    await trx('user_status')
      .insert({ user_id: userId, realm_id: realmId, ...values })
      .onConflict('user_id')
      .merge(Object.keys(values));
    const event: EventOf<'user_status'> = { type: 'user_status', user_id: userId };
    if (change.away !== undefined) event.away = change.away;
    if (statusText !== undefined) event.status_text = statusText;
    await writeNotices(trx, [userEventNotice(realmId, event, await activeUserIds(trx, realmId))]);
  });
  return {};
}
