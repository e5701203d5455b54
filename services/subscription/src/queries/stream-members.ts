/**
 * GET /streams/{stream_id}/members (Zulip 2.1's get_subscribers_backend): the e-mails of a
 * stream's active subscribers, for whoever may access the stream (administrators reach every
 * private stream here, as Zulip's allow_realm_admin access does).
 */
import type { Executor } from '@chat/db';
import { byCodePoint } from '@chat/views';
import type { Caller } from '../lib/caller';
import { accessStreamById } from './access';
import { subscriberIdsByStream } from './subscriptions';
import { emailsByUserId } from './users';

export async function streamMembers(db: Executor, caller: Caller, streamId: number): Promise<{ subscribers: string[] }> {
  const { stream } = await accessStreamById(db, caller, streamId, { allowAdmin: true, includeArchived: true });
  const ids = (await subscriberIdsByStream(db, [stream.id])).get(stream.id) ?? [];
  const emails = await emailsByUserId(db, ids);
  return { subscribers: [...emails.values()].sort(byCodePoint) };
}
