/** Compose's suggestions, pure: people for a mention or the "To" field, emoji for `:`. */
import { matchEmojiChoices } from '../../lib/emoji';
import type { AppState } from '../../lib/types';
import { BUILTIN_EMOJI, type Token } from './compose';

export interface Suggestion {
  label: string;
  insert: string;
  /** An emoji suggestion's image. */
  emoji?: { name: string; url: string | undefined };
}

/** Active people whose name or address contains the query: names starting with it first, then by name. */
export function userSuggestions(state: AppState, query: string, limit = 8): { id: number; name: string; email: string }[] {
  const q = query.toLowerCase();
  return Object.values(state.users)
    .filter((u) => u.is_active !== false && (u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)))
    .sort(
      (a, b) =>
        Number(!a.full_name.toLowerCase().startsWith(q)) - Number(!b.full_name.toLowerCase().startsWith(q)) ||
        a.full_name.localeCompare(b.full_name),
    )
    .slice(0, limit)
    .map((u) => ({ id: u.user_id, name: u.full_name, email: u.email }));
}

/** The suggestions for the token at the caret: `@` mentions people, `:` (with a letter) emoji. */
export function bodySuggestions(state: AppState, token: Token | undefined, emojiNames: Record<string, string>): Suggestion[] {
  if (!token) return [];
  if (token.trigger === '@') {
    return userSuggestions(state, token.query).map((u) => ({ label: `${u.name} (${u.email})`, insert: `@**${u.name}**` }));
  }
  if (token.query.length < 1) return [];
  const choices = matchEmojiChoices(emojiNames, state.realmEmoji, token.query);
  return choices.map((e) => ({ label: `:${e.name}:`, insert: `:${e.name}:`, emoji: e }));
}

/** The "To" field's suggestions for its last, unfinished address. */
export const recipientSuggestions = (state: AppState, query: string): Suggestion[] =>
  query ? userSuggestions(state, query).map((u) => ({ label: `${u.name} (${u.email})`, insert: u.email })) : [];

/** The highlighted suggestion after an arrow key, wrapping around. */
export const movedActive = (active: number, count: number, step: number): number => (active + step + count) % count;

let serverEmoji: Record<string, string> | null = null;

/** The emoji names the server's emoji data lists (loaded once, when first needed), else the built-in ones. */
export function emojiNames(): Record<string, string> {
  if (serverEmoji) return serverEmoji;
  serverEmoji = { ...BUILTIN_EMOJI };
  fetch('/static/generated/emoji/emoji_api.json')
    .then((r) => (r.ok ? r.json() : null))
    .then((data: unknown) => {
      if (typeof data !== 'object' || data === null || !('code_to_names' in data)) return;
      const table = data.code_to_names;
      if (typeof table !== 'object' || table === null) return;
      const names: Record<string, string> = { ...BUILTIN_EMOJI };
      for (const [code, list] of Object.entries(table)) {
        if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') names[name] ??= code;
      }
      serverEmoji = names;
    })
    .catch(() => undefined);
  return serverEmoji;
}
