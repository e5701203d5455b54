/**
 * Presence and user status updates (Zulip 2.1's zerver/views/presence.py and the actions behind
 * it): POST /users/me/presence and PUT /users/me/status. Zulip's activity intervals
 * (new_user_input) are not kept.
 */
import {
  PRESENCE_ACTIVE,
  PRESENCE_IDLE,
  presenceStatusName,
  USER_STATUS_AWAY,
  USER_STATUS_NORMAL,
  writeNotices,
  type Executor,
  type UserRow,
} from '@chat/db';
import { badRequest, invalidArgument, plainError } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { lockPresenceRow, presenceResponse, type PresenceRow } from '../queries/presence';
import { realmSettings } from '../queries/realm';

/** A same-status update older than this refreshes the row (Zulip: one minute and ten seconds). */
const STALE_MS = 70 * 1000;
/** Zulip's check_capped_string(60) for status_text. */
const MAX_STATUS_TEXT = 60;

/** The client's name as recorded: PostgreSQL text cannot hold NUL, so those characters are dropped. */
function recordedClient(name: string): string {
  return name.split('\u0000').join('') || 'Unspecified';
}

export interface PresenceUpdate {
  status: string;
  pingOnly: boolean;
  /** Answer with the modern per-user-id presences. */
  slim: boolean;
  /** The client's name, as the request gave it. */
  client: string;
}

/** update_active_status_backend's checks: a human reporting a status it knows. */
async function checkPresenceUpdate(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  update: PresenceUpdate,
): Promise<{ actor: UserRow; status: number }> {
  const status = update.status === 'active' ? PRESENCE_ACTIVE : update.status === 'idle' ? PRESENCE_IDLE : null;
  const actor = await loadActor(ctx.db.knex, realmId, userId);
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  if (status === null) throw badRequest(`Invalid status: ${update.status}`);
  return { actor, status };
}

/** What writing the report did: the row now, and whether the realm hears of it. */
interface PresenceWrite {
  row: PresenceRow;
  tell: boolean;
}

/**
 * The client's row created or refreshed. The realm hears of it only when the row is new or the
 * user comes back online (from idle, or after a stale interval). An idle report does not
 * overwrite a recent active one, so two open clients do not make the status flap.
 */
async function writePresence(
  trx: Executor,
  realmId: number,
  key: { user_id: number; client: string },
  status: number,
  now: Date,
): Promise<PresenceWrite | undefined> {
  let created = false;
  let row = await lockPresenceRow(trx, key);
  if (!row) {
    const inserted = await trx('user_presence')
      .insert({ ...key, realm_id: realmId, status, timestamp: now })
      .onConflict(['user_id', 'client'])
      .ignore()
      .returning('id');
    created = inserted.length > 0;
    row = created ? { status, timestamp: now } : await lockPresenceRow(trx, key);
  }
  if (!row) return undefined;
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
  return { row, tell: created || becameOnline };
}

/** The presence event, to every active user of the realm. */
async function notifyPresence(trx: Executor, realmId: number, actor: UserRow, client: string, row: PresenceRow, now: Date): Promise<void> {
  const event: EventOf<'presence'> = {
    type: 'presence',
    user_id: actor.id,
    email: actor.email,
    server_timestamp: now.getTime() / 1000,
    presence: {
      [client]: {
        client,
        status: presenceStatusName(row.status),
        timestamp: Math.floor(new Date(row.timestamp).getTime() / 1000),
        pushable: false,
      },
    },
  };
  await writeNotices(trx, [userEventNotice(realmId, event, await activeUserIds(trx, realmId))]);
}

/** Zulip's do_update_user_presence; answers with the realm's presences unless only pinging. */
export async function doUpdatePresence(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  update: PresenceUpdate,
): Promise<Record<string, unknown>> {
  const client = recordedClient(update.client);
  const { actor, status } = await checkPresenceUpdate(ctx, realmId, userId, update);
  await ctx.db.knex.transaction(async (trx) => {
    const now = new Date();
    const written = await writePresence(trx, realmId, { user_id: userId, client }, status, now);
    if (!written) return;
    const settings = await realmSettings(trx, realmId);
    if (settings?.presence_disabled === true || !written.tell) return;
    await notifyPresence(trx, realmId, actor, client, written.row, now);
  });
  return update.pingOnly ? {} : presenceResponse(ctx, realmId, update.slim);
}

export interface StatusChange {
  away: boolean | undefined;
  statusText: string | undefined;
  /** The client's name, as the request gave it. */
  client: string;
}

/** update_user_status_backend's checks; the text as stored (trimmed). */
function checkUserStatus(change: StatusChange): string | undefined {
  const statusText = change.statusText?.trim();
  // PostgreSQL text cannot hold NUL.
  if (statusText?.includes('\u0000')) throw invalidArgument('status_text', change.statusText);
  if (statusText !== undefined && [...statusText].length > MAX_STATUS_TEXT) {
    throw badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT} characters)`);
  }
  if (change.away === undefined && statusText === undefined) throw plainError('Client did not pass any new values.');
  return statusText;
}

/**
 * POST /users/me/status (do_update_user_status): sets what was given; the event carries only
 * that and goes to every active user of the realm.
 */
export async function doUpdateUserStatus(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  change: StatusChange,
): Promise<Record<string, unknown>> {
  const statusText = checkUserStatus(change);
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const values: Record<string, unknown> = { client: recordedClient(change.client), timestamp: new Date() };
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
