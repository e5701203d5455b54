/**
 * Unsent messages kept across reloads, pure: one draft per conversation (a stream's topic, or a
 * set of private recipients), an empty one removed, and none older than DRAFT_MAX_AGE_MS.
 */
import type { ComposeTarget } from './compose-target';
import { recipientEmails } from './send-model';

export interface Draft {
  content: string;
  /** When it was last changed (ms since the epoch). */
  savedAt: number;
}

export type Drafts = Record<string, Draft>;

/** Thirty days, as Zulip's web app keeps its local drafts. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** The conversation's key (names and addresses in any case, recipients in any order), or null without a recipient. */
export function draftKey(target: ComposeTarget): string | null {
  if (target.kind === 'stream') {
    const stream = target.stream.trim().toLowerCase();
    return stream ? `stream:${stream}:${target.topic.trim().toLowerCase()}` : null;
  }
  const emails = [...new Set(recipientEmails(target.to).map((e) => e.toLowerCase()))].sort();
  return emails.length > 0 ? `private:${emails.join(',')}` : null;
}

/** The drafts with this conversation's text saved (or removed, when it is blank). */
export function saveDraft(drafts: Drafts, key: string, content: string, now: number): Drafts {
  if (!content.trim()) return removeDraft(drafts, key);
  if (drafts[key]?.content === content) return drafts;
  return { ...drafts, [key]: { content, savedAt: now } };
}

export function removeDraft(drafts: Drafts, key: string): Drafts {
  if (!(key in drafts)) return drafts;
  const rest = { ...drafts };
  delete rest[key];
  return rest;
}

/** The conversation's draft, unless it has expired. */
export function draftFor(drafts: Drafts, key: string, now: number): string | undefined {
  const draft = drafts[key];
  return draft && now - draft.savedAt <= DRAFT_MAX_AGE_MS ? draft.content : undefined;
}

/** The drafts still within the age limit. */
export function pruneDrafts(drafts: Drafts, now: number): Drafts {
  const kept = Object.entries(drafts).filter(([, d]) => now - d.savedAt <= DRAFT_MAX_AGE_MS);
  return kept.length === Object.keys(drafts).length ? drafts : Object.fromEntries(kept);
}

/** Drafts from their stored text: anything unreadable, or not shaped as a draft, is left out. */
export function parseDrafts(text: string | null): Drafts {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const drafts: Drafts = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'object' || value === null || !('content' in value) || !('savedAt' in value)) continue;
    const { content, savedAt } = value;
    if (typeof content === 'string' && typeof savedAt === 'number' && content.trim()) drafts[key] = { content, savedAt };
  }
  return drafts;
}
