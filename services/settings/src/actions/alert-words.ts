/** Alert words (Zulip 2.1's zerver/views/alert_words.py and zerver/lib/alert_words.py). */
import { check, checkList, checkString } from '@chat/contracts';
import { anyOf, alertWordsOf, writeNotices } from '@chat/db';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';

/** The words a request adds or removes, as sent (a JSON list of strings each). */
export interface AlertWordChange {
  add?: unknown;
  remove?: unknown;
}

const wordList = (value: unknown) => check<string[]>(checkList(checkString), 'alert_words', value);

/** clean_alert_words: surrounding whitespace dropped, empty words ignored. */
function clean(words: string[]): string[] {
  return [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
}

/** The change's lists, each a list of strings, cleaned. */
export function checkAlertWordChange(change: AlertWordChange): { add: string[]; remove: string[] } {
  return {
    add: clean(change.add === undefined ? [] : wordList(change.add)),
    remove: clean(change.remove === undefined ? [] : wordList(change.remove)),
  };
}

/** POST and DELETE /users/me/alert_words: the whole list afterwards, answered and sent to the user. */
export async function doChangeAlertWords(
  ctx: SettingsContext,
  realmId: number,
  userId: number,
  change: AlertWordChange,
): Promise<Record<string, unknown>> {
  const checked = checkAlertWordChange(change);
  let words: string[] = [];
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, userId);
    const existing = await alertWordsOf(trx, userId);
    const add = checked.add.filter((w) => !existing.includes(w));
    if (add.length) await trx('alert_words').insert(add.map((word) => ({ user_id: userId, word })));
    const remove = checked.remove;
    if (remove.length)
      await trx('alert_words')
        .where({ user_id: userId })
        .whereRaw(...anyOf('word', remove))
        .delete();
    words = await alertWordsOf(trx, userId);
    await writeNotices(trx, [userEventNotice(realmId, { type: 'alert_words', alert_words: words }, [userId])]);
  });
  return { alert_words: words };
}
