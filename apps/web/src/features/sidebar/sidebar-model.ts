/**
 * The left and right sidebars' decisions, pure: the order of streams, the private conversations
 * listed, a stream's topics, a topic's mute policy, and who is typing in the view.
 */
import type { AppState, Message, RecentPrivate, Subscription, User } from '../../lib/types';

/** Pinned streams first, then by name. */
export const sortedSubscriptions = (subs: Record<number, Subscription>): Subscription[] =>
  Object.values(subs).sort((a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || a.name.localeCompare(b.name));

/** The recent private conversations, then those with unread messages not among them. */
export function sidebarConversations(recent: RecentPrivate[], unreadKeys: string[]): RecentPrivate[] {
  const conversations = [...recent];
  for (const key of unreadKeys) {
    if (!conversations.some((c) => c.key === key)) conversations.push({ key, user_ids: key.split(',').map(Number), max_message_id: 0 });
  }
  return conversations;
}

/** A conversation's name: its people ("You" for oneself). */
export const conversationLabel = (key: string, selfId: number, users: Record<number, User>): string =>
  key
    .split(',')
    .map(Number)
    .map((id) => (id === selfId ? 'You' : (users[id]?.full_name ?? `User ${id}`)))
    .join(', ');

/**
 * A stream's topics as listed: those of messages that arrived since the list was fetched and
 * those with unread messages (newest first), then the fetched ones; each name once, in any case.
 */
export function topicsToShow(fetched: string[], messages: Record<number, Message>, streamId: number, unreadTopics: string[]): string[] {
  const seen = new Set(fetched.map((t) => t.toLowerCase()));
  const newer: string[] = [];
  const add = (name: string) => {
    if (seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    newer.push(name);
  };
  const arrived = Object.values(messages)
    .filter((m) => m.type === 'stream' && m.stream_id === streamId)
    .sort((a, b) => b.id - a.id);
  for (const m of arrived) add(m.subject);
  for (const name of unreadTopics) add(name);
  return [...newer, ...fetched];
}

/** A topic's visibility policy: muting is 1; in a muted stream "unmute" makes it visible (2), elsewhere clears it (0). */
export const topicPolicyFor = (muted: boolean, streamMuted: boolean): number => (muted ? 1 : streamMuted ? 2 : 0);

/** Whether a typing conversation (`stream:<id>:<topic>` or `pm:<key>`) is the one in view. */
export function typingHere(state: AppState, conversation: string): boolean {
  const narrow = state.view.narrow;
  const stream = narrow.find((t) => t.operator === 'stream')?.operand;
  const topic = narrow.find((t) => t.operator === 'topic')?.operand;
  const pm = narrow.find((t) => t.operator === 'pm-with')?.operand;
  if (pm) return conversation === `pm:${pm}`;
  if (stream && /^\d+$/.test(stream)) {
    if (!conversation.startsWith(`stream:${stream}:`)) return false;
    return topic === undefined || conversation === `stream:${stream}:${topic.toLowerCase()}`;
  }
  if (narrow.some((t) => t.operator === 'is' && t.operand === 'private')) return conversation.startsWith('pm:');
  return narrow.length === 0;
}

/** The line under the messages: who is typing in the view, at `now`. */
export function typingText(state: AppState, now: number): string {
  const names = [
    ...new Set(
      state.typing
        .filter((t) => t.expires > now && typingHere(state, t.conversation))
        .map((t) => state.users[t.sender_id]?.full_name ?? 'Someone'),
    ),
  ];
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length > 1 && names.length <= 3) return `${names.join(', ')} are typing…`;
  if (names.length > 3) return 'Several people are typing…';
  return '';
}

/** A stream as GET /streams lists it, with what the browse panel shows. */
export type BrowsedStream = { stream_id: number; name: string; description: string; rendered_description?: string; invite_only: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * GET /users/me/{stream_id}/topics' topics. Its contract declares a plain array: each entry is
 * read field by field, and one without a name is left out.
 */
export function topicsFrom(list: unknown[]): { name: string; max_id: number }[] {
  return list.flatMap((t) =>
    isRecord(t) && typeof t.name === 'string' ? [{ name: t.name, max_id: typeof t.max_id === 'number' ? t.max_id : 0 }] : [],
  );
}

/** GET /streams' streams, read field by field (its contract declares a plain array). */
export function streamsFrom(list: unknown[]): BrowsedStream[] {
  return list.flatMap((s) => {
    if (!isRecord(s) || typeof s.stream_id !== 'number' || typeof s.name !== 'string') return [];
    const stream: BrowsedStream = {
      stream_id: s.stream_id,
      name: s.name,
      description: typeof s.description === 'string' ? s.description : '',
      invite_only: s.invite_only === true,
    };
    if (typeof s.rendered_description === 'string') stream.rendered_description = s.rendered_description;
    return [stream];
  });
}
