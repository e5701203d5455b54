/** The subscription service: streams, subscriptions, muted topics and default streams. */
import { badRequest } from '@chat/errors';
import { declareEndpoints } from '../contract';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../limits';
import * as p from '../params';
import {
  checkBool,
  checkCappedString,
  checkColor,
  checkDict,
  checkInt,
  checkList,
  checkString,
  checkVariableType,
  jsonOrPlainString,
  principalList,
  stringList,
  validatedJson,
} from '../validators';

/** check_stream_name's answer to a NUL, for a name in a list as for one alone. */
export function nulInStreamName(name: string) {
  return badRequest(`Stream name '${name}' contains NULL (0x00) characters.`);
}

/** A stream id in a path; past the id column's range no stream exists, as for an unknown id. */
export const streamIdParam = p.int({ required: true, schema: { minimum: 0 }, rangeError: () => badRequest('Invalid stream id') });

/** One entry of POST /users/me/subscriptions' `subscriptions`. */
export interface StreamRequest {
  name: string;
  color?: string;
  description?: string;
}

/** One entry of POST /users/me/subscriptions/properties' `subscription_data`. */
export interface PropertyChange {
  stream_id: number;
  property: string;
  value: string | boolean;
}

const streamRequests = validatedJson<StreamRequest[]>(
  checkList(
    checkDict(
      [['name', checkString]],
      [
        ['color', checkColor],
        ['description', checkCappedString(MAX_STREAM_DESCRIPTION_LENGTH)],
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

function description(raw: string, name: string): string {
  const value = jsonOrPlainString(raw);
  const error = checkCappedString(MAX_STREAM_DESCRIPTION_LENGTH)(name, value);
  if (error) throw badRequest(error);
  return value;
}

export const subscriptionEndpoints = declareEndpoints('subscription', {
  getSubscriptions: {
    method: 'GET',
    path: '/users/me/subscriptions',
    auth: 'user',
    summary: "The caller's subscriptions, with their settings",
    params: { include_subscribers: p.bool({ default: false }) },
    success: { subscriptions: 'array' },
  },
  subscribe: {
    method: 'POST',
    path: '/users/me/subscriptions',
    auth: 'user',
    summary: 'Subscribe the caller (or `principals`) to streams, creating those that do not exist',
    params: {
      // A NUL anywhere in the list (almost always a name) gets check_stream_name's message.
      subscriptions: p.custom(streamRequests, { required: true, nulError: (_name, value) => nulInStreamName(value) }),
      invite_only: p.bool({ default: false }),
      is_announcement_only: p.bool({ default: false }),
      history_public_to_subscribers: p.bool(),
      announce: p.bool({ default: false }),
      principals: p.custom(principalList, { default: [] as string[] | number[] }),
      authorization_errors_fatal: p.bool({ default: true }),
    },
    success: { subscribed: 'object', already_subscribed: 'object', unauthorized: 'array?' },
    errors: [403],
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/users/me/subscriptions',
    auth: 'user',
    summary: 'Unsubscribe the caller (or `principals`) from streams',
    params: {
      subscriptions: p.custom(stringList, { required: true }),
      principals: p.custom(principalList),
    },
    success: { removed: 'array', not_removed: 'array' },
  },
  updateSubscriptionProperties: {
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    auth: 'user',
    summary: 'Change subscription settings (color, muting, notifications, pinning)',
    params: { subscription_data: p.custom(propertyChanges, { required: true }) },
    success: { subscription_data: 'array' },
  },
  updateMutedTopic: {
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    auth: 'user',
    summary: 'Mute or unmute a topic',
    params: {
      stream: p.string(),
      stream_id: p.int(),
      topic: p.string({ required: true }),
      op: p.string({ required: true }),
    },
    success: {},
  },
  updateUserTopic: {
    method: 'POST',
    path: '/user_topics',
    auth: 'user',
    summary: "Set a topic's visibility for the caller: 0 inherit, 1 muted, 2 unmuted, 3 followed",
    params: {
      stream_id: p.int({ required: true, rangeError: () => badRequest('Invalid stream id') }),
      topic: p.string({ required: true }),
      visibility_policy: p.int({ required: true }),
    },
    success: {},
  },
  getStreamTopics: {
    method: 'GET',
    path: '/users/me/:stream_id/topics',
    auth: 'user',
    summary: "A stream's topics, most recent first",
    params: { stream_id: streamIdParam },
    success: { topics: 'array' },
  },
  getStreams: {
    method: 'GET',
    path: '/streams',
    auth: 'user',
    summary: 'The streams the caller can see',
    params: {
      include_public: p.bool({ default: true }),
      include_subscribed: p.bool({ default: true }),
      include_all_active: p.bool({ default: false }),
      include_default: p.bool({ default: false }),
      include_owner_subscribed: p.bool({ default: false }),
    },
    success: { streams: 'array' },
  },
  getStreamId: {
    method: 'GET',
    path: '/get_stream_id',
    auth: 'user',
    summary: "A stream's id from its name",
    params: { stream: p.string({ required: true }) },
    success: { stream_id: 'integer' },
  },
  updateStream: {
    method: 'PATCH',
    path: '/streams/:stream_id',
    auth: 'user',
    summary: "Change a stream's name, description or privacy (administrators)",
    params: {
      stream_id: streamIdParam,
      description: p.custom(description),
      new_name: p.custom((raw) => jsonOrPlainString(raw)),
      // Zulip's parameter is is_private; invite_only is the stream field it sets.
      is_private: p.bool({ aliases: ['invite_only'] }),
      is_announcement_only: p.bool(),
      history_public_to_subscribers: p.bool(),
    },
    success: {},
  },
  deleteStream: {
    method: 'DELETE',
    path: '/streams/:stream_id',
    auth: 'user',
    summary: 'Deactivate a stream (administrators)',
    params: { stream_id: streamIdParam },
    success: {},
  },
  getStreamMembers: {
    method: 'GET',
    path: '/streams/:stream_id/members',
    auth: 'user',
    summary: "The e-mails of a stream's subscribers",
    params: { stream_id: streamIdParam },
    success: { subscribers: 'array' },
  },
  addDefaultStream: {
    method: 'POST',
    path: '/default_streams',
    auth: 'user',
    summary: 'Make a stream one that new users join (administrators)',
    params: { stream_name: p.string({ required: true }) },
    success: {},
  },
  removeDefaultStream: {
    method: 'DELETE',
    path: '/default_streams',
    auth: 'user',
    summary: 'Stop new users joining a stream (administrators)',
    params: { stream_name: p.string({ required: true }) },
    success: {},
  },
  /**
   * For the service that creates users (settings, POST /users): after the new user's transaction
   * commits, subscribe them to the realm's default streams, with the events.
   */
  subscribeToDefaultStreams: {
    method: 'POST',
    path: '/internal/subscriptions/defaults',
    auth: 'service',
    summary: "Subscribe a new user to the realm's default streams",
    params: { user_id: p.int({ required: true }) },
    success: { subscribed: 'array', already_subscribed: 'array' },
  },
});
