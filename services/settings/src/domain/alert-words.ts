/** Alert words (Zulip 2.1's zerver/views/alert_words.py and zerver/lib/alert_words.py). */
import { anyOf, alertWordsOf, writeNotices } from '@chat/db';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { loadActor } from './common';

/** clean_alert_words: surrounding whitespace dropped, empty words ignored. */
function clean(words: string[]): string[] {
  return [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
}

export async function listAlertWords(ctx: SettingsContext, userId: number): Promise<Record<string, unknown>> {
  return { alert_words: await alertWordsOf(ctx.db.knex, userId) };
}

export async function changeAlertWords(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  change: { add?: string[]; remove?: string[] },
): Promise<Record<string, unknown>> {
  let words: string[] = [];
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const existing = await alertWordsOf(trx, userId);
    const add = clean(change.add ?? []).filter((w) => !existing.includes(w));
    if (add.length) await trx('alert_words').insert(add.map((word) => ({ user_id: userId, word })));
    const remove = clean(change.remove ?? []);
    if (remove.length) await trx('alert_words').where({ user_id: userId }).whereRaw(...anyOf('word', remove)).delete();
    words = await alertWordsOf(trx, userId);
    await writeNotices(trx, [userEventNotice(realmId, { type: 'alert_words', alert_words: words }, [userId])]);
  });
  return { alert_words: words };
}
