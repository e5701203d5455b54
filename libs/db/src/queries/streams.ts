import type { Executor } from '../connect';
import { isRowId, isStorableText } from '../ids';

export interface StreamRow {
  id: number;
  realm_id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: boolean;
  is_web_public: boolean;
  is_announcement_only: boolean;
  history_public_to_subscribers: boolean;
  deactivated: boolean;
  recipient_id: number;
  email_token: string;
  first_message_id: number | null;
  date_created: Date;
}

/**
 * An archived stream (the `deactivated` column, Zulip's name for it) keeps its name, its
 * subscriptions and its history; reads that may see it say so with `{ includeArchived: true }`,
 * every other lookup treats it as missing.
 */
export interface StreamLookup {
  includeArchived?: boolean;
}

function realmStreams(db: Executor, realmId: number, lookup: StreamLookup) {
  const query = db<StreamRow>('streams').where({ realm_id: realmId });
  return lookup.includeArchived ? query : query.where({ deactivated: false });
}

/** Stream names are unique per realm regardless of case, as in Zulip. */
export async function getStreamByName(
  db: Executor,
  realmId: number,
  name: string,
  lookup: StreamLookup = {},
): Promise<StreamRow | undefined> {
  if (!isStorableText(name)) return undefined;
  return realmStreams(db, realmId, lookup).whereRaw('lower(name) = lower(?)', [name]).first();
}

export async function getStreamById(
  db: Executor,
  realmId: number,
  streamId: number,
  lookup: StreamLookup = {},
): Promise<StreamRow | undefined> {
  if (!isRowId(streamId)) return undefined;
  return realmStreams(db, realmId, lookup).where({ id: streamId }).first();
}

/** Active subscribers' user ids (only active users). */
export async function streamSubscriberIds(db: Executor, streamId: number): Promise<number[]> {
  const rows: { user_id: number }[] = await db('subscriptions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where({ 's.stream_id': streamId, 's.active': true, 'u.is_active': true })
    .select('s.user_id');
  return rows.map((r) => r.user_id);
}

export async function isSubscribed(db: Executor, userId: number, streamId: number): Promise<boolean> {
  const row = await db('subscriptions').where({ user_id: userId, stream_id: streamId, active: true }).first('id');
  return row !== undefined;
}
