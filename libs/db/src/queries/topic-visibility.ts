/**
 * The visibility policy a muted_topics row holds (Zulip's UserTopic.VisibilityPolicy, migration
 * 0210). Every reader of the table that means "muted" (the muted-topics list, unread counts,
 * the home view's exclusions) filters on MUTED; a topic without a row inherits.
 */
import type { Executor } from '../connect';
import { toSeconds } from '../time';

export const TOPIC_VISIBILITY = { INHERIT: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;
export type TopicVisibility = (typeof TOPIC_VISIBILITY)[keyof typeof TOPIC_VISIBILITY];

/**
 * The user's muted topics in active streams as Zulip lists them (muted_topics in /register and
 * its event): [stream name, topic, when muted]; the time is there from feature level 1.
 */
export async function mutedTopicTriples(db: Executor, userId: number): Promise<[string, string, number][]> {
  const rows: { name: string; topic_name: string; date_muted: Date }[] = await db('muted_topics as m')
    .join('streams as s', 's.id', 'm.stream_id')
    .where({ 'm.user_id': userId, 's.deactivated': false, 'm.visibility_policy': TOPIC_VISIBILITY.MUTED })
    .orderBy('m.id')
    .select('s.name', 'm.topic_name', 'm.date_muted');
  return rows.map((r) => [r.name, r.topic_name, toSeconds(r.date_muted)]);
}
