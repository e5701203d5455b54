/**
 * GET /messages/{id}: one message the caller may read. 2.1 answered its raw Markdown
 * (raw_content, kept for older clients); from feature level 120 the answer also carries the
 * message as GET /messages shows it, with the caller's flags (Markdown in content when the client
 * asks for apply_markdown=false, as for quoting it).
 */
import type { Knex } from 'knex';
import type { UserRow } from '@chat/db';
import type { MessageVariant } from '@chat/events';
import { loadMessages } from './messages';
import { accessMessage, invalidMessage } from './access';
import { clientMessageDict, HISTORICAL_FLAGS } from './get-messages';
import { messagePolicy } from './realm-policy';

export async function getSingleMessage(
  db: Knex,
  user: UserRow,
  request: { messageId: number } & MessageVariant,
): Promise<{ raw_content: string; message: Record<string, unknown> }> {
  const { message: row, flags } = await accessMessage(db, user, request.messageId);
  const loaded = (await loadMessages(db, [row.id])).get(row.id);
  if (!loaded) throw invalidMessage();
  const { messageId: _id, ...variant } = request;
  const { allowEditHistory } = await messagePolicy(db, user.realm_id);
  return { raw_content: row.content, message: clientMessageDict(loaded, variant, flags ?? HISTORICAL_FLAGS, allowEditHistory) };
}
