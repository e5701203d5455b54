/**
 * Where the compose box sends, and how that relates to the view: the target a key or a reply
 * opens, the conversation a view names, whether a message to the target would show in the view,
 * and what an open box does when the view changes (Zulip's compose_actions.on_narrow). Pure.
 */
import { matchesNarrow, messagePmKey } from '../narrow/narrow';
import type { AppState, Message, MessageFlag, Narrow } from '../../lib/types';

export type ComposeTarget = { kind: 'stream'; stream: string; topic: string } | { kind: 'private'; to: string };

const emailsOf = (state: AppState, key: string) =>
  key
    .split(',')
    .map((id) => state.users[Number(id)]?.email)
    .filter(Boolean)
    .join(', ');

const streamNameOf = (state: AppState, operand: string) => (/^\d+$/.test(operand) ? (state.streams[Number(operand)]?.name ?? '') : operand);

/** The reply to a message: its topic, or its private conversation. */
export function replyTarget(state: AppState, message: Message): ComposeTarget {
  if (message.type === 'stream') {
    return {
      kind: 'stream',
      stream: state.streams[message.stream_id]?.name ?? message.display_recipient,
      topic: message.subject,
    };
  }
  return { kind: 'private', to: emailsOf(state, messagePmKey(message, state.selfId)) };
}

/** The conversation a view names (a private conversation, a stream or one of its topics), if any. */
export function viewTarget(state: AppState, narrow: Narrow): ComposeTarget | undefined {
  const positive = narrow.filter((t) => !t.negated);
  const pm = positive.find((t) => t.operator === 'pm-with');
  if (pm) {
    const to = emailsOf(state, pm.operand);
    return to ? { kind: 'private', to } : undefined;
  }
  const stream = positive.find((t) => t.operator === 'stream');
  if (!stream) return undefined;
  const name = streamNameOf(state, stream.operand);
  if (!name) return undefined;
  return { kind: 'stream', stream: name, topic: positive.find((t) => t.operator === 'topic')?.operand ?? '' };
}

/** What `c` (or `x`, private) opens: the view's conversation, else the selected message's stream. */
export function composeTargetForNarrow(state: AppState, selected: Message | undefined, private_: boolean): ComposeTarget {
  const named = viewTarget(state, state.view.narrow);
  if (private_) return named?.kind === 'private' ? named : { kind: 'private', to: '' };
  if (named) return named;
  if (selected?.type === 'stream') return { kind: 'stream', stream: state.streams[selected.stream_id]?.name ?? '', topic: '' };
  return { kind: 'stream', stream: '', topic: '' };
}

/** A message as the target would make it, sent by the user now (for matching against a narrow). */
function messageFor(state: AppState, target: ComposeTarget): Message {
  const self = state.users[state.selfId];
  const flags: MessageFlag[] = ['read'];
  const base = {
    id: Number.MAX_SAFE_INTEGER,
    sender_id: state.selfId,
    sender_email: self?.email ?? state.selfEmail,
    sender_full_name: self?.full_name ?? '',
    avatar_url: null,
    timestamp: 0,
    content: '',
    reactions: [],
    flags,
  };
  if (target.kind === 'stream') {
    const lower = target.stream.trim().toLowerCase();
    const stream = Object.values(state.streams).find((s) => s.name.toLowerCase() === lower);
    return {
      ...base,
      type: 'stream',
      stream_id: stream?.stream_id ?? -1,
      display_recipient: stream?.name ?? target.stream.trim(),
      subject: target.topic.trim(),
    };
  }
  const members = target.to
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((email) => {
      const user = Object.values(state.users).find((u) => u.email.toLowerCase() === email);
      // An unknown address is no one in any conversation the view could name.
      return { id: user?.user_id ?? -1, email, full_name: user?.full_name ?? email };
    });
  return {
    ...base,
    type: 'private',
    display_recipient: [...members, { id: state.selfId, email: base.sender_email, full_name: base.sender_full_name }],
    subject: '',
  };
}

/**
 * Whether a message sent to the target would show in the view: false when it certainly would not
 * (the box sends elsewhere than the reader looks), undefined when that cannot be told here
 * (full-text search and the like).
 */
export function targetInView(state: AppState, target: ComposeTarget, narrow: Narrow): boolean | undefined {
  if (target.kind === 'stream' ? !target.stream.trim() : !target.to.trim()) return undefined;
  const relevant = narrow.filter(
    (t) =>
      ['stream', 'topic', 'pm-with', 'is'].includes(t.operator) && !(t.operator === 'is' && t.operand !== 'private' && t.operand !== 'dm'),
  );
  return matchesNarrow(messageFor(state, target), relevant, state.selfId, (id) => state.streams[id]?.name);
}

/** The target in words, as the warning names it: `#Denmark > Castle`, or the people of a private message. */
export function describeTarget(state: AppState, target: ComposeTarget): string {
  if (target.kind === 'stream') return `#${target.stream.trim()} > ${target.topic.trim() || '(no topic)'}`;
  const people = target.to
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((email) => Object.values(state.users).find((u) => u.email.toLowerCase() === email.toLowerCase())?.full_name ?? email);
  return `a private message to ${people.join(', ')}`;
}

export type ViewChange = { action: 'retarget'; target: ComposeTarget } | { action: 'close' } | { action: 'keep' };

/**
 * What an open compose box does when the view changes, as Zulip does: a box with text keeps its
 * recipient (and warns if that is not the view); an empty one follows the view to the
 * conversation it names, or closes for a view that names none (the reader is reading).
 */
export function composeAfterViewChange(state: AppState, content: string, narrow: Narrow): ViewChange {
  if (content.trim() !== '') return { action: 'keep' };
  const target = viewTarget(state, narrow);
  return target ? { action: 'retarget', target } : { action: 'close' };
}
