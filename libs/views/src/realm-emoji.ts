/** A realm's custom emoji as Zulip 2.1 shows them (realm.get_emoji()): GET /realm/emoji, events, /register. */
import type { Executor } from '@chat/db';

/** An emoji joined with its author, who is there exactly when author_id is set. */
type EmojiRow = {
  id: number;
  realm_id: number;
  name: string;
  file_name: string;
  deactivated: boolean;
  is_animated: boolean;
} & (
  { author_id: null; author_email: null; author_full_name: null } | { author_id: number; author_email: string; author_full_name: string }
);

/** One emoji as realm.get_emoji() shows it. */
export type RealmEmoji = {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  /** Who added it (feature level 7); 2.1's `author` object is kept for older clients. */
  author_id: number | null;
  author: { id: number; email: string; full_name: string } | null;
  /** The still image of an animated emoji (feature level 97); null for a still one. */
  still_url: string | null;
};

/** Zulip's emoji size: uploads are resized to a square of this many pixels. */
export const EMOJI_SIZE = 64;

/** The URL clients load an emoji from; the file sits under the same key in the file storage. */
export function emojiPath(realmId: number, fileName: string): string {
  return `${realmId}/emoji/images/${fileName}`;
}

/** An animated emoji's still image (Zulip's `<realm>/emoji/images/still/<file name without extension>.png`). */
export function emojiStillPath(realmId: number, fileName: string): string {
  return `${realmId}/emoji/images/still/${fileName.replace(/\.[^.]*$/, '')}.png`;
}

/** Where clients load an emoji's image (its source_url), served by the settings service. */
export function emojiSourceUrl(realmId: number, fileName: string): string {
  return `/user_avatars/${emojiPath(realmId, fileName)}`;
}

/** Every emoji of the realm, deactivated ones included, keyed by id (realm.get_emoji()). */
export async function realmEmojiDict(db: Executor, realmId: number): Promise<Record<string, RealmEmoji>> {
  const rows: EmojiRow[] = await db('realm_emoji as e')
    .leftJoin('users as u', 'u.id', 'e.author_id')
    .where('e.realm_id', realmId)
    .orderBy('e.id')
    .select('e.*', 'u.email as author_email', 'u.full_name as author_full_name');
  const dict: Record<string, RealmEmoji> = {};
  for (const row of rows) {
    dict[String(row.id)] = {
      id: String(row.id),
      name: row.name,
      source_url: emojiSourceUrl(row.realm_id, row.file_name),
      deactivated: row.deactivated,
      author_id: row.author_id,
      still_url: row.is_animated ? `/user_avatars/${emojiStillPath(row.realm_id, row.file_name)}` : null,
      author: row.author_id === null ? null : { id: row.author_id, email: row.author_email, full_name: row.author_full_name },
    };
  }
  return dict;
}
