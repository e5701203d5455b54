/**
 * PATCH /users/me/subscriptions (Zulip 2.1's update_subscriptions_backend): the `add` half as
 * POST /users/me/subscriptions, then the `delete` half as DELETE, both reading the request's
 * other parameters (`principals` among them), one answer with both halves' keys.
 *
 * Zulip runs both in one transaction. Here each half is its own (the add half posts Notification
 * Bot's messages after its commit, which no transaction can take back), so the delete half's
 * refusals are checked before the add half writes anything: bad input changes nothing.
 */
import { plainError } from '@chat/errors';
import type { Executor } from '@chat/db';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { doAddSubscriptions, type AddSubscriptionsRequest, type StreamRequest } from './add-subscriptions';
import { checkRemoveSubscriptions, doRemoveSubscriptions } from './remove-subscriptions';

export interface UpdateSubscriptionsRequest extends Omit<AddSubscriptionsRequest, 'subscriptions'> {
  add: StreamRequest[];
  delete: string[];
}

/** Something to do, and a delete half that would be accepted. */
export async function checkUpdateSubscriptions(db: Executor, caller: Caller, request: UpdateSubscriptionsRequest): Promise<void> {
  if (request.add.length === 0 && request.delete.length === 0)
    throw plainError('Nothing to do. Specify at least one of "add" or "delete".');
  await checkRemoveSubscriptions(db, caller, request.delete, request.principals);
}

export async function doUpdateSubscriptions(
  deps: SubscriptionDeps,
  caller: Caller,
  request: UpdateSubscriptionsRequest,
): Promise<Record<string, unknown>> {
  await checkUpdateSubscriptions(deps.db.knex, caller, request);
  const { add, delete: names, ...options } = request;
  const added = await doAddSubscriptions(deps, caller, { ...options, subscriptions: add });
  const removed = await doRemoveSubscriptions(deps, caller, names, options.principals);
  return { ...added, ...removed };
}
