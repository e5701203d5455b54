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
import type { SubscriptionDeps } from '../app';
import type { Caller } from './access';
import { addSubscriptions, type AddSubscriptionsRequest, type StreamRequest } from './add-subscriptions';
import { checkRemoveSubscriptions, removeSubscriptions } from './remove-subscriptions';

export interface UpdateSubscriptionsRequest extends Omit<AddSubscriptionsRequest, 'subscriptions'> {
  add: StreamRequest[];
  delete: string[];
}

export async function updateSubscriptions(deps: SubscriptionDeps, caller: Caller, request: UpdateSubscriptionsRequest): Promise<Record<string, unknown>> {
  const { add, delete: names, ...options } = request;
  if (add.length === 0 && names.length === 0) throw plainError('Nothing to do. Specify at least one of "add" or "delete".');
  await checkRemoveSubscriptions(deps.db.knex, caller, names, options.principals);
  const added = await addSubscriptions(deps, caller, { ...options, subscriptions: add });
  const removed = await removeSubscriptions(deps, caller, names, options.principals);
  return { ...added, ...removed };
}
