/**
 * GET /streams/{stream_id}/members (Zulip 2.1's get_subscribers_backend): the e-mails of a
 * stream's active subscribers, for whoever may access the stream (administrators reach every
 * private stream here, as Zulip's allow_realm_admin access does).
 */
import type { Executor } from '@chat/db';
import { subscriptionEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, type Caller } from '../domain/access';
import { subscriberIdsByStream } from '../store/subscriptions';
import { anyOf } from '@chat/db';

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export async function streamMembers(db: Executor, caller: Caller, streamId: number): Promise<{ subscribers: string[] }> {
  const { stream } = await accessStreamById(db, caller, streamId, true);
  const ids = (await subscriberIdsByStream(db, [stream.id])).get(stream.id) ?? [];
  const rows: { email: string }[] = ids.length > 0 ? await db('users').whereRaw(...anyOf('id', ids)).select('email') : [];
  return { subscribers: rows.map((r) => r.email).sort(byCodePoint) };
}

export function memberEndpoints(deps: SubscriptionDeps) {
  const db = deps.db.knex;
  return [
    implement(api.getStreamMembers, async ({ params, identity }) => streamMembers(db, identity, params.stream_id)),
  ];
}
