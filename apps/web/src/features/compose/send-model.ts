/** What compose sends, pure: a message's parameters, typing notifications' and when to send them. */
import type { Resolver } from '../narrow/narrow';
import type { ComposeTarget } from './compose-target';

/** The addresses of a private message's "To" field. */
export const recipientEmails = (to: string): string[] =>
  to
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

/** POST /messages' parameters: a stream by id when known, a private message to its addresses. */
export function sendParams(
  target: ComposeTarget,
  content: string,
  resolver: Pick<Resolver, 'streamIdByName'>,
): { type: 'stream'; to: string; topic: string; content: string } | { type: 'private'; to: string; content: string } {
  if (target.kind === 'stream') {
    const id = resolver.streamIdByName(target.stream);
    return { type: 'stream', to: id !== undefined ? JSON.stringify(id) : target.stream, topic: target.topic || '(no topic)', content };
  }
  return { type: 'private', to: JSON.stringify(recipientEmails(target.to)), content };
}

/** Where a typing notification goes, or undefined (an unknown stream, no topic, nobody known). */
export function typingParams(
  target: ComposeTarget,
  resolver: Resolver,
): { type: 'stream'; stream_id: number; topic: string } | { type: 'direct'; to: string } | undefined {
  if (target.kind === 'stream') {
    const id = resolver.streamIdByName(target.stream);
    if (id === undefined || !target.topic) return undefined;
    return { type: 'stream', stream_id: id, topic: target.topic };
  }
  const ids = target.to
    .split(',')
    .map((e) => resolver.userIdByEmail(e.trim()))
    .filter((id): id is number => id !== undefined);
  return ids.length === 0 ? undefined : { type: 'direct', to: JSON.stringify(ids) };
}

export type TypingState = { key: string; at: number } | null;

/** Zulip's clients repeat "start" every 10 s while typing goes on. */
export const TYPING_REPEAT_MS = 10_000;

/** What to send (start, stop or nothing) as typing goes on or stops, and the state after. */
export function typingStep(
  state: TypingState,
  key: string,
  active: boolean,
  now: number,
): { state: TypingState; send: 'start' | 'stop' | null } {
  if (active) {
    if (state?.key === key && now - state.at < TYPING_REPEAT_MS) return { state, send: null };
    return { state: { key, at: now }, send: 'start' };
  }
  return state ? { state: null, send: 'stop' } : { state, send: null };
}

/** What stops a send, or null: uploads still running, or no recipient. */
export function sendBlocker(kind: 'stream' | 'private', stream: string, to: string, uploading: number): string | null {
  if (uploading > 0) return 'Cannot send the message while files are being uploaded.';
  if (kind === 'stream' && !stream.trim()) return 'Please choose a stream.';
  if (kind === 'private' && !to.trim()) return 'Please choose recipients.';
  return null;
}
