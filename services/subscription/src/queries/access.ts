/**
 * Who may see a stream and its subscribers (Zulip's access_stream_* helpers and
 * can_access_stream_user_ids). An invite-only stream the caller may not access answers exactly
 * like a stream that does not exist, so its existence never leaks.
 */
import { badRequest } from '@chat/errors';
import { getStreamById, getStreamByName, type Executor, type StreamLookup, type StreamRow } from '@chat/db';
import type { Caller } from '../lib/caller';
import { activeSubscription, subscriberIdsByStream, type SubscriptionRow } from './subscriptions';
import { activeNonGuestUserIds, adminUserIds } from './users';

/** `allowAdmin`: administrators reach private streams too; `includeArchived`: archived streams are found. */
export interface AccessOptions {
  allowAdmin?: boolean;
  includeArchived?: boolean;
}

export interface StreamAccess {
  stream: StreamRow;
  sub: SubscriptionRow | undefined;
}

/**
 * Public streams are open to members; anyone subscribed may access their stream; administrators
 * also reach private streams where Zulip allows it (`allowAdmin`).
 */
async function checkAccess(db: Executor, caller: Caller, stream: StreamRow, error: string, allowAdmin: boolean): Promise<StreamAccess> {
  const sub = await activeSubscription(db, caller.userId, stream.id);
  if (!stream.invite_only && !caller.isGuest) return { stream, sub };
  if (sub) return { stream, sub };
  if (allowAdmin && caller.isAdmin) return { stream, sub };
  throw badRequest(error);
}

export async function accessStreamById(db: Executor, caller: Caller, streamId: number, options: AccessOptions = {}): Promise<StreamAccess> {
  const stream = await getStreamById(db, caller.realmId, streamId, options);
  if (!stream) throw badRequest('Invalid stream id');
  return checkAccess(db, caller, stream, 'Invalid stream id', options.allowAdmin === true);
}

export async function accessStreamByName(db: Executor, caller: Caller, name: string, options: AccessOptions = {}): Promise<StreamAccess> {
  const error = `Invalid stream name '${name}'`;
  const stream = await getStreamByName(db, caller.realmId, name, options);
  if (!stream) throw badRequest(error);
  return checkAccess(db, caller, stream, error, options.allowAdmin === true);
}

/** A stream an administrator may update or delete: any stream of the realm, private ones included. */
export async function streamForAdmin(db: Executor, realmId: number, streamId: number, lookup: StreamLookup = {}): Promise<StreamRow> {
  const stream = await getStreamById(db, realmId, streamId, lookup);
  if (!stream) throw badRequest('Invalid stream id');
  return stream;
}

/**
 * Users who may see a stream's attributes and subscribers: for a public stream every member plus
 * its subscribed guests; for a private one its subscribers and the administrators. Stream updates
 * and peer_add/peer_remove go to them.
 */
export async function canAccessStreamUserIds(db: Executor, stream: StreamRow): Promise<number[]> {
  const subscribers = (await subscriberIdsByStream(db, [stream.id])).get(stream.id) ?? [];
  const others = stream.invite_only ? await adminUserIds(db, stream.realm_id) : await activeNonGuestUserIds(db, stream.realm_id);
  return sortedUnique([...subscribers, ...others]);
}

export function sortedUnique(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}
