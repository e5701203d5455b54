/**
 * Reading helpers of Zulip 2.1's message views: POST /messages/render (render_message_backend)
 * and GET /messages/matches_narrow (messages_in_narrow_backend).
 */
import type { Knex } from 'knex';
import { anyOf, type UserRow } from '@chat/db';
import { escapeHtml } from '@chat/errors';
import { EMPTY_TOPIC_DISPLAY_NAME } from '@chat/events';
import type { Renderer } from '@chat/render-pool';
import type { NarrowTerm } from '../lib/narrow-terms';
import { buildNarrow, searchHighlights } from './narrow';
import { renderMessage } from './render';

/** The HTML `content` would have if the caller sent it (the send path's renderer and context). */
export async function renderPreview(db: Knex, renderer: Renderer, user: UserRow, content: string): Promise<{ rendered: string }> {
  const result = await renderMessage(db, renderer, user, content, '');
  return { rendered: result.html };
}

/**
 * Which of `ids` (among the messages the caller received) match `terms`, with the content and
 * topic as a search would highlight them, or as they are when the narrow has no search.
 */
export async function matchesNarrow(
  db: Knex,
  user: UserRow,
  ids: number[],
  terms: NarrowTerm[],
): Promise<{ messages: Record<string, { match_content: string; match_subject: string }> }> {
  const narrow = await buildNarrow(db, user, terms);
  const query = db('user_messages as um')
    .join('messages as m', 'm.id', 'um.message_id')
    .where('um.user_id', user.id)
    .whereRaw(...anyOf('um.message_id', ids))
    .select('m.id', 'm.subject', 'm.stream_id', 'm.rendered_content')
    .orderBy('m.id', 'asc');
  for (const condition of narrow.conditions) condition(query);
  const rows: { id: number; subject: string; stream_id: number | null; rendered_content: string }[] = ids.length === 0 ? [] : await query;
  const highlights =
    narrow.search && !narrow.search.negated
      ? await searchHighlights(
          db,
          rows.map((r) => r.id),
          narrow.search.text,
        )
      : null;
  const messages: Record<string, { match_content: string; match_subject: string }> = {};
  for (const row of rows) {
    const match = highlights?.get(row.id) ?? { match_content: row.rendered_content, match_subject: escapeHtml(row.subject) };
    // No allow_empty_topic_name here: a channel message's empty topic reads as its display name.
    if (row.stream_id !== null && row.subject === '') match.match_subject = EMPTY_TOPIC_DISPLAY_NAME;
    messages[String(row.id)] = match;
  }
  return { messages };
}
