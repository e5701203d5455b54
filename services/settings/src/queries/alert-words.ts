import { alertWordsOf } from '@chat/db';
import type { SettingsContext } from '../deps';

/** GET /users/me/alert_words. */
export async function listAlertWords(ctx: SettingsContext, userId: number): Promise<Record<string, unknown>> {
  return { alert_words: await alertWordsOf(ctx.db.knex, userId) };
}
