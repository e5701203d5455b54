/**
 * Zulip 2.1's other ways to change subscriptions: PATCH /users/me/subscriptions (subscribe and
 * unsubscribe in one request) and PATCH /users/me/subscriptions/{stream_id} (one property).
 * Spread into subscriptionEndpoints (subscription.ts).
 */
import * as p from '../params';
import { stringList } from '../validators';
import { nulInStreamName, streamIdParam, streamRequests, subscribeOptions } from './subscription-params';

/** A boolean property's value as JSON (`true`), a color as it is (`#aabbcc`), as Zulip reads it now. */
function boolOrText(raw: string): boolean | string {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw;
}

export const bulkSubscriptionEndpoints = {
  updateSubscriptions: {
    method: 'PATCH',
    path: '/users/me/subscriptions',
    auth: 'user',
    summary: 'Subscribe to the streams in `add` and unsubscribe from those in `delete`, in one request',
    description:
      'Does the work of POST and DELETE /users/me/subscriptions in one request: subscribes to the streams in `add` (creating those ' +
      'that do not exist), then unsubscribes from those in `delete`. Both apply to the caller, or to the users in `principals`, ' +
      'with the other parameters as POST reads them. At least one list must be non-empty. The answer holds the keys of both.',
    params: {
      add: p.custom(streamRequests, {
        default: [],
        nulError: (_name, value) => nulInStreamName(value),
        description: 'The streams to subscribe to, each `{name}` with, for a stream to create, an optional `description` (and `color`).',
        example: [{ name: 'Rome' }],
        sample: true,
      }),
      delete: p.custom(stringList, {
        default: [] as string[],
        description: 'The names of the streams to unsubscribe from.',
        example: ['Scotland'],
        sample: true,
      }),
      // Both halves read the request's other parameters, as Zulip's compose_views does.
      ...subscribeOptions,
    },
    success: {
      subscribed: ['object', 'For each user by e-mail, the stream names newly subscribed.'],
      already_subscribed: ['object', 'For each user by e-mail, the stream names they were already in.'],
      unauthorized: ['array?', 'With authorization_errors_fatal false: the streams of `add` refused.'],
      removed: ['array', 'The streams of `delete` unsubscribed from.'],
      not_removed: ['array', 'The streams of `delete` the users were not in.'],
    },
    errors: [403],
  },
} as const;

export const subscriptionPropertyEndpoint = {
  updateSubscriptionProperty: {
    method: 'PATCH',
    path: '/users/me/subscriptions/:stream_id',
    auth: 'user',
    summary: "Change one setting of one of the caller's subscriptions (color, muting, notifications, pinning)",
    description:
      "Changes one setting of the caller's subscription to a stream, as one entry of POST /users/me/subscriptions/properties " +
      'would, with the same properties and the same `subscription` update event.',
    params: {
      stream_id: streamIdParam,
      property: p.string({
        required: true,
        description:
          'The setting: `color`, `is_muted` (or `in_home_view`, its opposite), `pin_to_top`, `desktop_notifications`, ' +
          '`audible_notifications`, `push_notifications` or `email_notifications`.',
        example: 'pin_to_top',
      }),
      value: p.custom(boolOrText, {
        required: true,
        schema: { type: ['boolean', 'string'] },
        description: 'The new value: `true` or `false`, or for `color` a color such as `#76ce90`.',
        example: true,
      }),
    },
    success: { subscription_data: ['array', 'The change, as one `{stream_id, property, value}`.'] },
  },
} as const;
