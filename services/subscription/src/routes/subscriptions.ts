import { defineEndpoint, p, checkBool, checkCappedString, checkColor, checkDict, checkInt, checkList, checkString, checkVariableType, validatedJson, stringList } from '@chat/http';
import type { SubscriptionDeps } from '../app';
import { addSubscriptions, type StreamRequest } from '../domain/add-subscriptions';
import { listSubscriptions } from '../domain/list-subscriptions';
import { removeSubscriptions } from '../domain/remove-subscriptions';
import { MAX_DESCRIPTION_LENGTH, nulInStreamName } from '../domain/stream-names';
import { updateSubscriptionProperties, type PropertyChange } from '../domain/subscription-properties';

const streamRequests = validatedJson<StreamRequest[]>(
  checkList(
    checkDict(
      [['name', checkString]],
      [
        ['color', checkColor],
        ['description', checkCappedString(MAX_DESCRIPTION_LENGTH)],
      ],
    ),
  ),
);
const propertyChanges = validatedJson<PropertyChange[]>(
  checkList(
    checkDict([
      ['stream_id', checkInt],
      ['property', checkString],
      ['value', checkVariableType([checkString, checkBool])],
    ]),
  ),
);

export function subscriptionEndpoints(deps: SubscriptionDeps) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/users/me/subscriptions',
      auth: 'user',
      params: { include_subscribers: p.bool({ default: false }) },
      handler: async ({ params, identity }) => ({
        subscriptions: await listSubscriptions(deps, identity.userId, params.include_subscribers),
      }),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/users/me/subscriptions',
      auth: 'user',
      params: {
        // A NUL anywhere in the list (almost always a name) gets check_stream_name's message.
        subscriptions: p.custom(streamRequests, { required: true, nulError: (_name, value) => nulInStreamName(value) }),
        invite_only: p.bool({ default: false }),
        is_announcement_only: p.bool({ default: false }),
        history_public_to_subscribers: p.bool(),
        announce: p.bool({ default: false }),
        principals: p.custom(stringList, { default: [] as string[] }),
        authorization_errors_fatal: p.bool({ default: true }),
      },
      handler: ({ params, identity }) => addSubscriptions(deps, identity, params),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/users/me/subscriptions',
      auth: 'user',
      params: {
        subscriptions: p.custom(stringList, { required: true }),
        principals: p.custom(stringList),
      },
      handler: ({ params, identity }) => removeSubscriptions(deps, identity, params.subscriptions, params.principals),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/users/me/subscriptions/properties',
      auth: 'user',
      params: { subscription_data: p.custom(propertyChanges, { required: true }) },
      handler: async ({ params, identity }) => ({
        subscription_data: await updateSubscriptionProperties(deps, identity, params.subscription_data),
      }),
    }),
  ];
}
