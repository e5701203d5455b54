/**
 * What a digest says (Zulip's digest.py, in our words): the hot conversations of the person's
 * streams since the cutoff (the two with the most people talking, then the longest, up to four;
 * each with its first messages, who took part and how many more there were), the streams created
 * since that they may join, and counts. Access is read at the time of sending: only streams they
 * are subscribed to now (not muted, not archived), and in a stream whose history is not public to
 * its subscribers only messages they received.
 */
import type { Executor } from '@chat/db';
import type { WireMessage } from '@chat/events';
import { loadMessages } from '../queries/messages';

const HOT_BY_PEOPLE = 2;
const HOT_CONVERSATIONS = 4;
const SAMPLE_MESSAGES = 2;

export interface HotConversation {
  streamId: number;
  stream: string;
  topic: string;
  /** Full names of the people (no bots) who wrote, sorted. */
  participants: string[];
  /** Messages written by people, the samples included. */
  messageCount: number;
  /** The first messages, as the reader sees them. */
  samples: WireMessage[];
}

export interface DigestContent {
  hot: HotConversation[];
  newStreams: { id: number; name: string }[];
  /** Messages in the person's streams since the cutoff, and in how many conversations. */
  messageCount: number;
  conversationCount: number;
}

interface Row {
  id: number;
  stream_id: number;
  stream: string;
  subject: string;
  sender_name: string;
  sender_is_bot: boolean;
}

/** The messages `userId` can read now in the streams they follow, since `since`, oldest first. */
async function readableStreamMessages(db: Executor, userId: number, since: Date): Promise<Row[]> {
  return db('messages as m')
    .join('subscriptions as s', function () {
      this.on('s.stream_id', 'm.stream_id').andOn('s.user_id', db.raw('?', [userId]));
    })
    .join('streams as st', 'st.id', 'm.stream_id')
    .join('users as u', 'u.id', 'm.sender_id')
    .where({ 's.active': true, 's.is_muted': false, 'st.deactivated': false })
    .where('m.date_sent', '>', since)
    .where((q) => {
      q.where('st.history_public_to_subscribers', true).orWhereExists((sub) => {
        sub.select(db.raw('1')).from('user_messages as um').whereRaw('um.message_id = m.id').where('um.user_id', userId);
      });
    })
    .orderBy('m.id')
    .select('m.id', 'm.stream_id', 'st.name as stream', 'm.subject', 'u.full_name as sender_name', 'u.is_bot as sender_is_bot');
}

interface Topic {
  streamId: number;
  stream: string;
  topic: string;
  people: Set<string>;
  count: number;
  sampleIds: number[];
}

function hotTopics(rows: Row[]): { hot: Topic[]; conversations: number } {
  const topics = new Map<string, Topic>();
  for (const row of rows) {
    const key = `${row.stream_id}:${row.subject.toLowerCase()}`;
    let topic = topics.get(key);
    if (!topic) {
      topic = { streamId: row.stream_id, stream: row.stream, topic: row.subject, people: new Set(), count: 0, sampleIds: [] };
      topics.set(key, topic);
    }
    if (topic.sampleIds.length < SAMPLE_MESSAGES) topic.sampleIds.push(row.id);
    if (!row.sender_is_bot) {
      topic.people.add(row.sender_name);
      topic.count += 1;
    }
  }
  const all = [...topics.values()].filter((t) => t.count > 0);
  const hot = [...all].sort((a, b) => b.people.size - a.people.size).slice(0, HOT_BY_PEOPLE);
  for (const topic of [...all].sort((a, b) => b.count - a.count)) {
    if (hot.length >= HOT_CONVERSATIONS) break;
    if (!hot.includes(topic)) hot.push(topic);
  }
  return { hot, conversations: all.length };
}

/** Public streams created since `since` (a guest may join none of them). */
async function newStreams(db: Executor, realmId: number, since: Date, isGuest: boolean): Promise<{ id: number; name: string }[]> {
  if (isGuest) return [];
  return db('streams')
    .where({ realm_id: realmId, invite_only: false, deactivated: false })
    .where('date_created', '>', since)
    .orderBy('id')
    .select('id', 'name');
}

export async function digestContent(
  db: Executor,
  user: { id: number; realm_id: number; role: string },
  since: Date,
): Promise<DigestContent> {
  const rows = await readableStreamMessages(db, user.id, since);
  const { hot, conversations } = hotTopics(rows);
  const sampleIds = hot.flatMap((t) => t.sampleIds);
  const loaded = sampleIds.length > 0 ? await loadMessages(db, sampleIds) : new Map();
  return {
    hot: hot.map((t) => ({
      streamId: t.streamId,
      stream: t.stream,
      topic: t.topic,
      participants: [...t.people].sort(),
      messageCount: t.count,
      samples: t.sampleIds.flatMap((id) => loaded.get(id)?.wire ?? []),
    })),
    newStreams: await newStreams(db, user.realm_id, since, user.role === 'guest'),
    messageCount: rows.filter((r) => !r.sender_is_bot).length,
    conversationCount: conversations,
  };
}

/** Zulip's enough_traffic: a digest with neither a hot conversation nor a new stream is not sent. */
export function worthSending(content: DigestContent): boolean {
  return content.hot.length > 0 || content.newStreams.length > 0;
}
