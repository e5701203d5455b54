/**
 * GET /messages: messages around an anchor, as Zulip 2.1's get_messages_backend (section 2.1 of
 * the behaviour notes): num_before ids below the anchor, the anchor itself if it matches, and
 * num_after ids above it, with found_anchor / found_oldest / found_newest.
 */
import type { Knex } from 'knex';
import { plainError } from '@chat/errors';
import { finalizeMessage } from '@chat/events';
import { applyNarrow, type NarrowTerm } from './narrow';
import { flagNames } from './flags';
import { loadMessages } from '../store/messages';

export const MAX_MESSAGES_PER_FETCH = 5000;
/** Zulip's LARGER_THAN_MAX_MESSAGE_ID: an anchor at or past it means "the newest end". */
export const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;
/** Message ids are PostgreSQL integers; anchors past the largest one compare as it. */
const MAX_INTEGER_ID = 2147483647;

export interface FetchRequest {
  userId: number;
  realmId: number;
  anchor: number | undefined;
  useFirstUnreadAnchor: boolean;
  numBefore: number;
  numAfter: number;
  narrow: NarrowTerm[];
  applyMarkdown: boolean;
  clientGravatar: boolean;
}

export async function getMessages(db: Knex, request: FetchRequest): Promise<Record<string, unknown>> {
  if (request.anchor === undefined && !request.useFirstUnreadAnchor) {
    throw plainError("Missing 'anchor' argument (or set 'use_first_unread_anchor'=True).");
  }
  if (request.numBefore + request.numAfter > MAX_MESSAGES_PER_FETCH) {
    throw plainError(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  const base = () => {
    const query = db('user_messages as um')
      .join('messages as m', 'm.id', 'um.message_id')
      .where('um.user_id', request.userId)
      .select('m.id', 'um.flags');
    return query;
  };
  const probe = base();
  await applyNarrow(db, request.realmId, probe, request.narrow);

  let anchor = request.anchor ?? LARGER_THAN_MAX_MESSAGE_ID;
  if (request.useFirstUnreadAnchor) {
    const firstUnread = await probe.clone().whereRaw('(um.flags & 1) = 0').orderBy('m.id', 'asc').first();
    anchor = firstUnread ? (firstUnread as { id: number }).id : LARGER_THAN_MAX_MESSAGE_ID;
  }
  const anchoredToLeft = anchor === 0;
  const anchoredToRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredToRight ? 0 : request.numAfter;

  const bound = Math.min(anchor, MAX_INTEGER_ID);
  const before: { id: number; flags: number }[] =
    request.numBefore > 0
      ? await probe
          .clone()
          .where('m.id', anchor > MAX_INTEGER_ID ? '<=' : '<', bound)
          .orderBy('m.id', 'desc')
          .limit(request.numBefore)
      : [];
  const fromAnchor: { id: number; flags: number }[] = await probe
    .clone()
    .where('m.id', '>=', bound)
    .orderBy('m.id', 'asc')
    .limit(numAfter + 1);

  const foundAnchor = fromAnchor[0]?.id === anchor;
  const after = (foundAnchor ? fromAnchor.slice(1) : fromAnchor).slice(0, numAfter);
  const rows = [...before.reverse(), ...(foundAnchor ? [fromAnchor[0]!] : []), ...after];

  const wire = await loadMessages(db, rows.map((r) => r.id));
  const variant = { applyMarkdown: request.applyMarkdown, clientGravatar: request.clientGravatar };
  const messages = rows.flatMap((row) => {
    const message = wire.get(row.id);
    return message ? [{ ...finalizeMessage(message, variant), flags: flagNames(row.flags) }] : [];
  });
  return {
    messages,
    found_anchor: foundAnchor,
    found_oldest: anchoredToLeft || before.length < request.numBefore,
    found_newest: anchoredToRight || after.length < numAfter,
    history_limited: false,
    anchor,
  };
}
