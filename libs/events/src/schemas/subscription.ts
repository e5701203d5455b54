import { Type } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, eventObject, int, ints, nullableBool, nullableInt, str, stringEnum } from './define';

/**
 * Events of the subscription service (Zulip 2.1's shapes, behaviour notes 3.6 and 3.7): one schema
 * per event type, a union over its ops. Notification settings are booleans or null (null: the
 * user's global setting applies).
 */
const streamDictProperties = {
  name: str,
  stream_id: int,
  description: str,
  rendered_description: str,
  invite_only: bool,
  is_web_public: bool,
  is_announcement_only: bool,
  history_public_to_subscribers: bool,
  first_message_id: nullableInt,
  date_created: int,
  stream_post_policy: int,
  message_retention_days: nullableInt,
  /** Level 315. */
  is_archived: bool,
};

/** Zulip's Stream.to_dict(). */
export const StreamDict = closedObject(streamDictProperties);

/** A subscription as `subscription` `add` carries it (subscribers as user ids). */
export const SubscriptionDict = closedObject({
  ...streamDictProperties,
  color: str,
  is_muted: bool,
  in_home_view: bool,
  pin_to_top: bool,
  desktop_notifications: nullableBool,
  audible_notifications: nullableBool,
  push_notifications: nullableBool,
  email_notifications: nullableBool,
  wildcard_mentions_notify: nullableBool,
  email_address: str,
  is_old_stream: bool,
  stream_weekly_traffic: nullableInt,
  subscribers: Type.Optional(Type.Array(int)),
});

/** The subscription properties a user may change (subscription `update`'s property). */
export const SubscriptionProperty = stringEnum([
  'color',
  'in_home_view',
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
]);

/**
 * A stream's peers changed: these users joined or left these streams. Ids and lists from feature
 * level 35 (2.1 named one user and the streams), for every client, as Zulip does.
 */
function peerEvent<Op extends string>(op: Op) {
  return eventObject('subscription', { op: Type.Literal(op), stream_ids: ints, user_ids: ints });
}

export const SubscriptionEvent = Type.Union([
  eventObject('subscription', { op: Type.Literal('add'), subscriptions: Type.Array(SubscriptionDict) }),
  eventObject('subscription', { op: Type.Literal('remove'), subscriptions: Type.Array(closedObject({ name: str, stream_id: int })) }),
  eventObject('subscription', {
    op: Type.Literal('update'),
    email: str,
    property: SubscriptionProperty,
    value: Type.Union([str, bool]),
    stream_id: int,
    name: str,
  }),
  peerEvent('peer_add'),
  peerEvent('peer_remove'),
]);

/** The stream properties stream `update` reports. */
export const StreamProperty = stringEnum(['name', 'email_address', 'description', 'invite_only', 'is_announcement_only']);

/** Streams appeared for or disappeared from the recipients, each as Stream.to_dict(). */
function streamsEvent<Op extends string>(op: Op) {
  return eventObject('stream', { op: Type.Literal(op), streams: Type.Array(StreamDict) });
}

export const StreamEvent = Type.Union([
  streamsEvent('create'),
  // The streams' ids beside them from level 343 (`streams` is deprecated there).
  eventObject('stream', { op: Type.Literal('delete'), streams: Type.Array(StreamDict), stream_ids: ints }),
  streamsEvent('occupy'),
  streamsEvent('vacate'),
  eventObject('stream', {
    op: Type.Literal('update'),
    property: StreamProperty,
    value: Type.Union([str, bool]),
    stream_id: int,
    name: str,
    rendered_description: Type.Optional(str),
    history_public_to_subscribers: Type.Optional(bool),
  }),
]);

/** The user's muted topics as a whole: [stream name, topic] pairs. */
/** [stream name, topic, when muted]: the time is there from feature level 1 (2.1 sent pairs). */
export const MutedTopicsEvent = eventObject('muted_topics', { muted_topics: Type.Array(Type.Tuple([str, str, int])) });

/** Zulip's UserTopic.VisibilityPolicy: 0 inherit (no row), 1 muted, 2 unmuted, 3 followed. */
export const VisibilityPolicy = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** One topic's visibility for the user changed (do_set_user_topic_visibility_policy); 0 means it was cleared. */
export const UserTopicEvent = eventObject('user_topic', {
  stream_id: int,
  topic_name: str,
  last_updated: int,
  visibility_policy: VisibilityPolicy,
});

/** The realm's default streams as a whole, after an administrator changed them. */
export const DefaultStreamsEvent = eventObject('default_streams', { default_streams: Type.Array(StreamDict) });

/** The realm's default stream groups as a whole, by name, after an administrator changed one. */
export const DefaultStreamGroupsEvent = eventObject('default_stream_groups', {
  default_stream_groups: Type.Array(closedObject({ id: int, name: str, description: str, streams: Type.Array(StreamDict) })),
});

export const subscriptionEvents = {
  subscription: defineEvent(SubscriptionEvent),
  stream: defineEvent(StreamEvent, { realmWide: true }),
  muted_topics: defineEvent(MutedTopicsEvent),
  user_topic: defineEvent(UserTopicEvent),
  default_streams: defineEvent(DefaultStreamsEvent, { realmWide: true }),
  default_stream_groups: defineEvent(DefaultStreamGroupsEvent, { realmWide: true }),
};
