/**
 * DELETE /users/me/subscriptions (Zulip's remove_subscriptions_backend), one transaction.
 */
import { plainError, streamDoesNotExist } from '@chat/errors';
import { writeNotices, type Executor, type StreamRow, type UserRow } from '@chat/db';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { callerUser, resolvePrincipals } from '../queries/principals';
import { streamsByNames } from '../queries/streams';
import { bulkUnsubscribe } from './bulk-unsubscribe';

/**
 * What refuses an unsubscribe before anything changes: someone else's subscriptions without
 * administrative rights, a stream that does not exist. The streams, once each.
 */
export async function checkRemoveSubscriptions(
  db: Executor,
  caller: Caller,
  names: string[],
  principals: string[] | number[] | undefined,
): Promise<StreamRow[]> {
  // Removing anyone but yourself takes an administrator, for public and private streams alike.
  const isCaller = (p: string | number) => (typeof p === 'number' ? p === caller.userId : p.toLowerCase() === caller.email.toLowerCase());
  const someoneElse = principals !== undefined && principals.length > 0 && !principals.every(isCaller);
  if (someoneElse && !caller.isAdmin) throw plainError('This action requires administrative rights');
  const wanted = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()];
  // Archived streams keep their subscriptions, which can still end (level 362).
  const found = await streamsByNames(db, caller.realmId, wanted, { includeArchived: true });
  return wanted.map((name) => {
    const stream = found.get(name.toLowerCase());
    if (!stream) throw streamDoesNotExist(name);
    return stream;
  });
}

export async function doRemoveSubscriptions(
  deps: SubscriptionDeps,
  caller: Caller,
  names: string[],
  principals: string[] | number[] | undefined,
): Promise<{ removed: string[]; not_removed: string[] }> {
  const result = await deps.db.knex.transaction(async (trx) => {
    const streams = await checkRemoveSubscriptions(trx, caller, names, principals);
    const users: UserRow[] =
      principals && principals.length > 0 ? await resolvePrincipals(trx, caller.realmId, principals) : [await callerUser(trx, caller)];
    const outcome = await bulkUnsubscribe(trx, caller.realmId, streams, users);
    await writeNotices(trx, outcome.notices);
    return outcome;
  });
  return {
    removed: result.removed.map((p) => p.stream.name),
    not_removed: result.notRemoved.map((p) => p.stream.name),
  };
}
