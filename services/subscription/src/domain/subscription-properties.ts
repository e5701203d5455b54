/**
 * POST /users/me/subscriptions/properties (Zulip's update_subscription_properties_backend). Every
 * change is checked before any is applied, and all are applied in one transaction; each change
 * that alters a value sends `subscription` `update` to the user (a mute as in_home_view with the
 * opposite value, as Zulip 2.1 clients expect, then as is_muted).
 */
import { plainError } from '@chat/errors';
import { writeNotices } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type EventOf, type Notice } from '@chat/events';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, type Caller } from './access';
import { checkBool, checkColor, type Validator } from '@chat/contracts';

import type { PropertyChange } from '@chat/contracts';

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

export async function updateSubscriptionProperties(
  deps: SubscriptionDeps,
  caller: Caller,
  changes: PropertyChange[],
): Promise<PropertyChange[]> {
  await deps.db.knex.transaction(async (trx) => {
    const notices: Notice[] = [];
    for (const change of changes) {
      const { property } = change;
      if (!isSubscriptionProperty(property)) throw plainError(`Unknown subscription property: ${property}`);
      const check = PROPERTIES[property];
      const { stream, sub } = await accessStreamById(trx, caller, change.stream_id);
      if (!sub) throw plainError(`Not subscribed to stream id ${change.stream_id}`);
      const error = check(change.property, change.value);
      if (error) throw plainError(error);

      const column = change.property === 'in_home_view' ? 'is_muted' : change.property;
      const stored = change.property === 'in_home_view' ? !change.value : change.value;
      const current = (await trx('subscriptions').where({ id: sub.id }).first(column)) as Record<string, unknown>;
      if (current[column] === stored) continue;
      await trx('subscriptions').where({ id: sub.id }).update({ [column]: stored });
      const update = { type: 'subscription', op: 'update', email: caller.email, stream_id: stream.id, name: stream.name } as const;
      if (column === 'is_muted') {
        // 2.1 clients read in_home_view; from feature level 139 an is_muted event follows it.
        notices.push(...userEventNoticeIfAnyRecipient(caller.realmId, { ...update, property: 'in_home_view', value: !stored }, [caller.userId]));
        notices.push(...userEventNoticeIfAnyRecipient(caller.realmId, { ...update, property: 'is_muted', value: stored }, [caller.userId]));
      } else {
        notices.push(...userEventNoticeIfAnyRecipient(caller.realmId, { ...update, property, value: stored }, [caller.userId]));
      }
    }
    await writeNotices(trx, notices);
  });
  deps.onCommit?.();
  return changes.map(({ stream_id, property, value }) => ({ stream_id, property, value }));
}
