/** The realm's custom emoji, as reactions name them and messages show them. */
import { anyOf, type Executor } from '@chat/db';
import type { RealmEmoji as RenderedEmoji } from '@chat/markdown';
import { emojiSourceUrl } from '@chat/views';

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

/**
 * The realm's active emoji among `names`, as the renderer takes them: read at each render, so an
 * emoji added a moment ago shows in the next message (Zulip's realm.get_active_emoji()).
 */
export async function activeRealmEmojiNamed(db: Executor, realmId: number, names: string[]): Promise<RenderedEmoji[]> {
  if (names.length === 0) return [];
  const rows: { name: string; file_name: string | null }[] = await db('realm_emoji')
    .where({ realm_id: realmId, deactivated: false })
    .whereRaw(...anyOf('name', names))
    .select('name', 'file_name');
  return rows.flatMap((row) => (row.file_name ? [{ name: row.name, sourceUrl: emojiSourceUrl(realmId, row.file_name) }] : []));
}
