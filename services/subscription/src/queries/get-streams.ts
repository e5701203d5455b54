/**
 * GET /streams (Zulip's do_get_streams): streams with at least one subscriber, from the sources
 * the caller asks for. Guests never see public streams they are not in.
 */
import { badRequest } from '@chat/errors';
import { getUserById, type Executor, type StreamRow } from '@chat/db';
import type { Caller } from '../lib/caller';
import { defaultStreamIds } from './streams';
import { subscribedStreamIds } from './subscriptions';
import { byCodePoint, streamDict } from '@chat/views';

export interface GetStreamsOptions {
  include_public: boolean;
  include_subscribed: boolean;
  include_all_active: boolean;
  include_default: boolean;
  include_owner_subscribed: boolean;
  /** Level 315: archived streams are left out unless this is false. */
  exclude_archived: boolean;
}

async function occupiedStreams(db: Executor, realmId: number, excludeArchived: boolean): Promise<StreamRow[]> {
  const query = db('streams as s').where({ 's.realm_id': realmId });
  if (excludeArchived) query.where({ 's.deactivated': false });
  const rows: StreamRow[] = await query
    .whereExists(function occupied() {
      this.select(1)
        .from('subscriptions as sub')
        .join('users as u', 'u.id', 'sub.user_id')
        .whereRaw('sub.stream_id = s.id')
        .where({ 'sub.active': true, 'u.is_active': true });
    })
    .select('s.*');
  return rows;
}

export async function getStreams(db: Executor, caller: Caller, options: GetStreamsOptions): Promise<Record<string, unknown>[]> {
  if (options.include_all_active && !caller.isAdmin) throw badRequest('User not authorized for this query');
  const streams = await occupiedStreams(db, caller.realmId, options.exclude_archived);
  let visible = streams;
  if (!options.include_all_active) {
    const allowed = new Set<number>();
    if (options.include_subscribed) for (const id of await subscribedStreamIds(db, caller.userId)) allowed.add(id);
    const includePublic = options.include_public && !caller.isGuest;
    if (includePublic) for (const s of streams) if (!s.invite_only) allowed.add(s.id);
    // Default streams are public (private ones cannot be default); guests get none, as register's
    // realm_default_streams is empty for them.
    if (options.include_default && !caller.isGuest) for (const id of await defaultStreamIds(db, caller.realmId)) allowed.add(id);
    if (options.include_owner_subscribed && caller.isBot) {
      const bot = await getUserById(db, caller.realmId, caller.userId);
      if (bot?.bot_owner_id) for (const id of await subscribedStreamIds(db, bot.bot_owner_id)) allowed.add(id);
    }
    visible = streams.filter((s) => allowed.has(s.id));
  }
  return visible.sort((a, b) => byCodePoint(a.name, b.name)).map(streamDict);
}
