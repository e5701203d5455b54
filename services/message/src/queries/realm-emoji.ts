/** The realm's custom emoji, as reactions name them. */
import type { Executor } from '@chat/db';

export interface RealmEmoji {
  id: number;
  name: string;
  deactivated: boolean;
}

/**
 * The realm's custom emoji. The settings service owns realm_emoji; a database where that table
 * does not exist yet simply has no custom emoji.
 */
export async function realmEmoji(db: Executor, realmId: number): Promise<RealmEmoji[]> {
  const exists = (await db.raw("select to_regclass('realm_emoji') is not null as ok")) as { rows: { ok: boolean }[] };
  if (!exists.rows[0]?.ok) return [];
  return db('realm_emoji').where({ realm_id: realmId }).select('id', 'name', 'deactivated');
}
