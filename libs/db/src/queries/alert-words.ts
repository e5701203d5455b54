/** Alert words (written by the settings service; the message service reads them when sending). */
import type { Executor } from '../connect';
import { anyOf } from '../any-of';

/** A user's alert words in the order they were added. */
export async function alertWordsOf(db: Executor, userId: number): Promise<string[]> {
  const rows: { word: string }[] = await db('alert_words').where({ user_id: userId }).orderBy('id').select('word');
  return rows.map((r) => r.word);
}

/** The alert words of each of `userIds` that has any. */
export async function alertWordsByUser(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (!userIds.length) return byUser;
  const rows: { user_id: number; word: string }[] = await db('alert_words')
    .whereRaw(...anyOf('user_id', userIds))
    .orderBy('id')
    .select('user_id', 'word');
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.word]);
  return byUser;
}

const BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const AFTER = new Set([' ', '\n', ')', '"', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/**
 * Zulip's alert word match: case-insensitive, and the word must stand at the start or end of the
 * text or next to whitespace or the punctuation Zulip allows around it.
 */
export function containsAlertWord(content: string, words: string[]): boolean {
  const text = content.toLowerCase();
  for (const raw of words) {
    const word = raw.toLowerCase();
    if (!word) continue;
    let at = text.indexOf(word);
    while (at !== -1) {
      const before = at === 0 ? undefined : text[at - 1];
      const end = at + word.length;
      const after = end >= text.length ? undefined : text[end];
      if ((before === undefined || BEFORE.has(before)) && (after === undefined || AFTER.has(after))) return true;
      at = text.indexOf(word, at + 1);
    }
  }
  return false;
}
