/**
 * POST /users/me/subscriptions/properties (Zulip's update_subscription_properties_backend). Every
 * change is checked before any is applied, and all are applied in one transaction; each change
 * that alters a value sends `subscription` `update` to the user (a mute as in_home_view with the
 * opposite value, as Zulip 2.1 clients expect, then as is_muted).
 */
import { plainError } from '@chat/errors';
import { writeNotices, type Executor, type StreamRow } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type EventOf, type Notice } from '@chat/events';
import { checkBool, checkColor, type PropertyChange, type Validator } from '@chat/contracts';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { accessStreamById } from '../queries/access';
import { subscriptionColumn, type SubscriptionRow } from '../queries/subscriptions';

export type { PropertyChange };

/** What subscription `update` reports: is_muted goes out as in_home_view. */
type ReportedProperty = Extract<EventOf<'subscription'>, { op: 'update' }>['property'];
type SubscriptionProperty = ReportedProperty | 'is_muted';

const PROPERTIES: Record<SubscriptionProperty, Validator> = {
  color: checkColor,
  in_home_view: checkBool,
  is_muted: checkBool,
  desktop_notifications: checkBool,
  audible_notifications: checkBool,
  push_notifications: checkBool,
  email_notifications: checkBool,
  pin_to_top: checkBool,
  wildcard_mentions_notify: checkBool,
};

/** Own keys only: `constructor` or `__proto__` is no property. */
function isSubscriptionProperty(name: string): name is SubscriptionProperty {
  return Object.hasOwn(PROPERTIES, name);
}

/** A change that passed its checks, with the subscription it applies to. */
export interface CheckedChange {
  property: SubscriptionProperty;
  value: PropertyChange['value'];
  stream: StreamRow;
  sub: SubscriptionRow;
}

/** Each change names a known property of a stream the caller is subscribed to, with a valid value. */
export async function checkSubscriptionProperties(trx: Executor, caller: Caller, changes: PropertyChange[]): Promise<CheckedChange[]> {
  const checked: CheckedChange[] = [];
  for (const change of changes) {
    const { property } = change;
    if (!isSubscriptionProperty(property)) throw plainError(`Unknown subscription property: ${property}`);
    const check = PROPERTIES[property];
    const { stream, sub } = await accessStreamById(trx, caller, change.stream_id);
    if (!sub) throw plainError(`Not subscribed to stream id ${change.stream_id}`);
    const error = check(change.property, change.value);
    if (error) throw plainError(error);
    checked.push({ property, value: change.value, stream, sub });
  }
  return checked;
}

/** Applies one change inside `trx`; the notices it sends, none when the value was already set. */
async function applyChange(trx: Executor, caller: Caller, change: CheckedChange): Promise<Notice[]> {
  const { property, stream, sub } = change;
  const column = property === 'in_home_view' ? 'is_muted' : property;
  const stored = property === 'in_home_view' ? !change.value : change.value;
  if ((await subscriptionColumn(trx, sub.id, column)) === stored) return [];
  await trx('subscriptions')
    .where({ id: sub.id })
    .update({ [column]: stored });
  const update = { type: 'subscription', op: 'update', email: caller.email, stream_id: stream.id, name: stream.name } as const;
  if (column === 'is_muted') {
    // 2.1 clients read in_home_view; from feature level 139 an is_muted event follows it.
    return [
      ...userEventNoticeIfAnyRecipient(caller.realmId, { ...update, property: 'in_home_view', value: !stored }, [caller.userId]),
      ...userEventNoticeIfAnyRecipient(caller.realmId, { ...update, property: 'is_muted', value: stored }, [caller.userId]),
    ];
  }
  return userEventNoticeIfAnyRecipient(caller.realmId, { ...update, property, value: stored }, [caller.userId]);
}

export async function doUpdateSubscriptionProperties(
  deps: SubscriptionDeps,
  caller: Caller,
  changes: PropertyChange[],
): Promise<PropertyChange[]> {
  await deps.db.knex.transaction(async (trx) => {
    const checked = await checkSubscriptionProperties(trx, caller, changes);
    const notices: Notice[] = [];
    for (const change of checked) notices.push(...(await applyChange(trx, caller, change)));
    await writeNotices(trx, notices);
  });
  return changes.map(({ stream_id, property, value }) => ({ stream_id, property, value }));
}
