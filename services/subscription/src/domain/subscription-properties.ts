/**
 * POST /users/me/subscriptions/properties (Zulip's update_subscription_properties_backend). Every
 * change is checked before any is applied, and all are applied in one transaction; each change
 * that alters a value sends `subscription` `update` to the user (is_muted reported as
 * in_home_view with the opposite value, as Zulip 2.1 clients expect).
 */
import { plainError } from '@chat/errors';
import { writeNotices } from '@chat/db';
import type { Notice } from '@chat/events';
import type { SubscriptionDeps } from '../app';
import { accessStreamById, type Caller } from './access';
import { eventNotice } from './notices';
import { checkBool, checkColor, type Validator } from '@chat/http';

export interface PropertyChange {
  stream_id: number;
  property: string;
  value: string | boolean;
}

const PROPERTIES: Record<string, Validator> = {
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

export async function updateSubscriptionProperties(
  deps: SubscriptionDeps,
  caller: Caller,
  changes: PropertyChange[],
): Promise<PropertyChange[]> {
  await deps.db.knex.transaction(async (trx) => {
    const notices: Notice[] = [];
    for (const change of changes) {
      // Own keys only: `constructor` or `__proto__` is no property.
      const check = Object.hasOwn(PROPERTIES, change.property) ? PROPERTIES[change.property] : undefined;
      if (!check) throw plainError(`Unknown subscription property: ${change.property}`);
      const { stream, sub } = await accessStreamById(trx, caller, change.stream_id);
      if (!sub) throw plainError(`Not subscribed to stream id ${change.stream_id}`);
      const error = check(change.property, change.value);
      if (error) throw plainError(error);

      const column = change.property === 'in_home_view' ? 'is_muted' : change.property;
      const stored = change.property === 'in_home_view' ? !change.value : change.value;
      const current = (await trx('subscriptions').where({ id: sub.id }).first(column)) as Record<string, unknown>;
      if (current[column] === stored) continue;
      await trx('subscriptions').where({ id: sub.id }).update({ [column]: stored });
      const muting = column === 'is_muted';
      notices.push(
        ...eventNotice(
          caller.realmId,
          {
            type: 'subscription',
            op: 'update',
            email: caller.email,
            property: muting ? 'in_home_view' : change.property,
            value: muting ? !stored : stored,
            stream_id: stream.id,
            name: stream.name,
          },
          [caller.userId],
        ),
      );
    }
    await writeNotices(trx, notices);
  });
  deps.onCommit?.();
  return changes.map(({ stream_id, property, value }) => ({ stream_id, property, value }));
}
