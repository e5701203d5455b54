/**
 * The visibility policy a muted_topics row holds (Zulip's UserTopic.VisibilityPolicy, migration
 * 0210). Every reader of the table that means "muted" (the muted-topics list, unread counts,
 * the home view's exclusions) filters on MUTED; a topic without a row inherits.
 */
export const TOPIC_VISIBILITY = { INHERIT: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;
export type TopicVisibility = (typeof TOPIC_VISIBILITY)[keyof typeof TOPIC_VISIBILITY];
