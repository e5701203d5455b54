/** The subscription service: streams, subscriptions, muted topics and default streams. */
import { Type } from '@sinclair/typebox';
import { badRequest } from '@chat/errors';
import { StreamDict } from '@chat/events';
import { declareEndpoints } from '../contract';
import { FOLLOW_UP_RUN_DESCRIPTION, followUpRunPath } from '../follow-ups';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../limits';
import { allowEmptyTopicNameParam } from './message-params';
import { defaultStreamGroupEndpoints } from './subscription-groups';
import { nulInStreamName, streamIdParam, streamRequests, subscribeOptions } from './subscription-params';
import { bulkSubscriptionEndpoints, subscriptionPropertyEndpoint } from './subscription-updates';
import * as p from '../params';
import {
  checkBool,
  checkCappedString,
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

export { nulInStreamName, streamIdParam, streamRequests, subscribeOptions, type StreamRequest } from './subscription-params';
export { noSuchDefaultStreamGroup } from './subscription-groups';

/** One entry of POST /users/me/subscriptions/properties' `subscription_data`. */
export interface PropertyChange {
  stream_id: number;
  property: string;
  value: string | boolean;
}

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
    description: "Lists the streams the caller is subscribed to, each with the caller's settings for it (color, muting, notifications).",
    python: 'get_subscriptions(request)',
    params: {
      include_subscribers: p.bool({ default: false, description: "Whether each lists its subscribers' ids (slower in a large realm)." }),
    },
    success: { subscriptions: ['array', "The subscriptions: each stream's fields with the caller's settings for it."] },
  },
  subscribe: {
    method: 'POST',
    path: '/users/me/subscriptions',
    auth: 'user',
    summary: 'Subscribe the caller (or `principals`) to streams, creating those that do not exist',
    description:
      'Subscribes the caller, or the users in `principals`, to streams by name, creating those that do not exist yet ' +
      '(with the given description and privacy). Subscribing others needs the right to; private streams need access.',
    python: 'add_subscriptions(subscriptions, **request)',
    params: {
      // A NUL anywhere in the list (almost always a name) gets check_stream_name's message.
      subscriptions: p.custom(streamRequests, {
        required: true,
        nulError: (_name, value) => nulInStreamName(value),
        description: 'The streams, each `{name}` with, for a stream to create, an optional `description` (and `color` for the caller).',
        example: [{ name: 'Verona', description: 'Fair Verona' }],
      }),
      ...subscribeOptions,
    },
    success: {
      subscribed: ['object', 'For each user by e-mail, the stream names newly subscribed.'],
      already_subscribed: ['object', 'For each user by e-mail, the stream names they were already in.'],
      unauthorized: ['array?', 'With authorization_errors_fatal false: the streams refused.'],
    },
    errors: [403],
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/users/me/subscriptions',
    auth: 'user',
    summary: 'Unsubscribe the caller (or `principals`) from streams',
    description: 'Unsubscribes the caller, or the users in `principals` (administrators), from streams by name.',
    python: 'remove_subscriptions(subscriptions, **request)',
    params: {
      subscriptions: p.custom(stringList, { required: true, description: 'The names of the streams.', example: ['Verona'] }),
      principals: p.custom(principalList, {
        description: 'The users to unsubscribe, by e-mail or id; absent: the caller.',
        example: ['othello@zulip.com'],
        sample: false,
      }),
    },
    success: { removed: ['array', 'The streams unsubscribed from.'], not_removed: ['array', 'The streams the users were not in.'] },
  },
  ...bulkSubscriptionEndpoints,
  updateSubscriptionProperties: {
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    auth: 'user',
    summary: 'Change subscription settings (color, muting, notifications, pinning)',
    description:
      "Changes the caller's settings for subscribed streams: `color`, `is_muted` (or its opposite, the older `in_home_view`), " +
      '`pin_to_top`, and the `desktop_notifications`, `audible_notifications`, `push_notifications` and `email_notifications` choices.',
    python: 'update_subscription_settings(subscription_data)',
    params: {
      subscription_data: p.custom(propertyChanges, {
        required: true,
        description: 'The changes, each `{stream_id, property, value}`.',
        example: [{ stream_id: 2, property: 'pin_to_top', value: true }],
      }),
    },
    success: { subscription_data: ['array', 'The changes, as sent.'] },
  },
  updateMutedTopic: {
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    auth: 'user',
    summary: 'Mute or unmute a topic',
    description: 'The older way to mute a topic (`op=add`) or unmute it (`op=remove`), naming the stream by name or id.',
    python: 'mute_topic(request)',
    params: {
      stream: p.string({ description: 'The stream, by name.', example: 'Denmark' }),
      stream_id: p.int({ description: 'The stream, by id (instead of its name).', example: 2, sample: false }),
      topic: p.string({ required: true, description: 'The topic; it need not have messages.', example: 'Castle' }),
      op: p.string({ required: true, description: '`add` to mute, `remove` to unmute.', example: 'add' }),
    },
    success: {},
  },
  // After muted_topics, which the stream id's path would otherwise take.
  ...subscriptionPropertyEndpoint,
  updateUserTopic: {
    method: 'POST',
    path: '/user_topics',
    auth: 'user',
    summary: "Set a topic's visibility for the caller: 0 inherit, 1 muted, 2 unmuted, 3 followed",
    description: 'Sets how the caller follows one topic: muted, unmuted in a muted stream, followed, or as its stream says.',
    params: {
      stream_id: p.int({
        required: true,
        rangeError: () => badRequest('Invalid stream id'),
        description: 'The id of the stream.',
        example: 2,
      }),
      topic: p.string({ required: true, description: 'The topic.', example: 'Castle' }),
      visibility_policy: p.int({ required: true, description: '0: as the stream says; 1: muted; 2: unmuted; 3: followed.', example: 1 }),
    },
    success: {},
  },
  getStreamTopics: {
    method: 'GET',
    path: '/users/me/:stream_id/topics',
    auth: 'user',
    summary: "A stream's topics, most recent first",
    description: 'Lists the topics of a stream the caller can read, each with its latest message id.',
    python: 'get_stream_topics(stream_id)',
    params: { stream_id: streamIdParam, allow_empty_topic_name: allowEmptyTopicNameParam },
    success: { topics: ['array', 'Each `{name, max_id}`, the most recently active first.'] },
  },
  getStreams: {
    method: 'GET',
    path: '/streams',
    auth: 'user',
    summary: 'The streams the caller can see',
    description: 'Lists streams the caller can see; the flags choose which.',
    python: 'get_streams(**request)',
    params: {
      include_public: p.bool({ default: true, description: 'Whether all public streams are included.' }),
      include_subscribed: p.bool({ default: true, description: 'Whether the streams the caller is subscribed to are included.' }),
      include_all_active: p.bool({
        default: false,
        description: 'Whether every stream, private ones too, is included (administrators only).',
      }),
      include_default: p.bool({ default: false, description: "Whether the realm's default streams are included." }),
      exclude_archived: p.bool({ default: true, description: 'Whether archived streams are left out (level 315).' }),
      include_owner_subscribed: p.bool({ default: false, description: "For a bot: whether its owner's streams are included." }),
    },
    success: { streams: ['array', 'The streams: id, name, description, privacy.'] },
  },
  getStreamId: {
    method: 'GET',
    path: '/get_stream_id',
    auth: 'user',
    summary: "A stream's id from its name",
    description: 'Looks a stream up by name.',
    python: 'get_stream_id(stream)',
    params: { stream: p.string({ required: true, description: 'The name of the stream.', example: 'Denmark' }) },
    success: { stream_id: ['integer', 'Its id.'] },
  },
  updateStream: {
    method: 'PATCH',
    path: '/streams/:stream_id',
    auth: 'user',
    summary: "Change a stream's name, description or privacy, or unarchive it (administrators)",
    description: 'Renames a stream, or changes its description or who may read and post. Administrators only.',
    python: 'update_stream(request)',
    params: {
      stream_id: streamIdParam,
      description: p.custom(description, {
        encoding: 'plain-or-json',
        description: 'The new description (Markdown), plain or as a JSON string.',
        example: 'The royal castle',
      }),
      new_name: p.custom((raw) => jsonOrPlainString(raw), {
        encoding: 'plain-or-json',
        description: 'The new name, plain or as a JSON string.',
        example: 'Elsinore',
        sample: false,
      }),
      // Zulip's parameter is is_private; invite_only is the stream field it sets.
      is_private: p.bool({ aliases: ['invite_only'], description: 'Whether the stream becomes private (true) or public.', sample: false }),
      is_announcement_only: p.bool({ description: 'Whether only administrators may post.', sample: false }),
      history_public_to_subscribers: p.bool({ description: 'Whether new subscribers see earlier messages.', sample: false }),
      is_archived: p.bool({
        description: '`false` brings an archived stream back (level 388); archiving is DELETE /streams/{stream_id}.',
        sample: false,
      }),
    },
    success: {},
  },
  deleteStream: {
    method: 'DELETE',
    path: '/streams/:stream_id',
    auth: 'user',
    summary: 'Archive a stream (administrators)',
    description:
      'Archives a stream: it keeps its name, subscriptions and messages, which stay readable to those who could read them; ' +
      'nothing can be posted to it. Clients without the `archived_channels` capability no longer list it. Administrators only.',
    python: 'delete_stream(stream_id)',
    params: { stream_id: streamIdParam },
    success: {},
  },
  getStream: {
    method: 'GET',
    path: '/streams/:stream_id',
    auth: 'user',
    summary: 'One stream by id',
    description:
      'A stream the caller can see (administrators: any stream of the realm), archived ones included with `is_archived` (levels 132, 315).',
    params: { stream_id: streamIdParam },
    success: Type.Object({
      stream: Type.Object(StreamDict.properties, {
        additionalProperties: false,
        description: 'The stream as GET /streams lists it, with `is_archived`.',
      }),
    }),
  },
  getStreamMembers: {
    method: 'GET',
    path: '/streams/:stream_id/members',
    auth: 'user',
    summary: "The e-mails of a stream's subscribers",
    description: 'Lists who is subscribed to a stream the caller can see.',
    params: { stream_id: streamIdParam },
    success: { subscribers: ['array', 'The e-mail addresses of the subscribers.'] },
  },
  addDefaultStream: {
    method: 'POST',
    path: '/default_streams',
    auth: 'user',
    summary: 'Make a stream one that new users join (administrators)',
    description: 'Adds a stream to those every new user of the realm is subscribed to. Administrators only.',
    params: { stream_name: p.string({ required: true, description: 'The name of the stream.', example: 'Denmark' }) },
    success: {},
  },
  removeDefaultStream: {
    method: 'DELETE',
    path: '/default_streams',
    auth: 'user',
    summary: 'Stop new users joining a stream (administrators)',
    description: 'Removes a stream from the default streams. Administrators only.',
    params: { stream_name: p.string({ required: true, description: 'The name of the stream.', example: 'Denmark' }) },
    success: {},
  },
  ...defaultStreamGroupEndpoints,
  runSubscriptionFollowUp: {
    method: 'POST',
    path: followUpRunPath('subscription'),
    auth: 'service',
    summary: 'Run a follow-up the subscription service owns, held by its requester',
    description: FOLLOW_UP_RUN_DESCRIPTION,
    params: { request_id: p.int({ required: true, description: 'The held job request.' }) },
    success: {},
  },
});
