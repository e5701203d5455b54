/**
 * GET /messages: messages around an anchor, as Zulip 2.1's get_messages_backend (section 2.1 of
 * the behaviour notes): num_before ids below the anchor, the anchor itself if it matches, and
 * num_after ids above it, with found_anchor / found_oldest / found_newest.
 *
 * Two query shapes keep fetches index-driven: without history access the caller's
 * user_messages rows drive (primary key order, joined to messages); with history access (a
 * stream the caller may read, streams:public) messages drive through the narrow's index and the
 * caller's row is left-joined for flags.
 */
import type { Knex } from 'knex';
import type { AnchorWord } from '@chat/contracts';
import type { UserRow } from '@chat/db';
import { badRequest, plainError } from '@chat/errors';
import { finalizeMessage, type MessageVariant } from '@chat/events';
import type { NarrowTerm } from '../lib/narrow-terms';
import { buildNarrow, mutingCondition, searchHighlights } from './narrow';
import { resolveWithOperator } from './narrow-with';
import { FLAG_BITS, flagNames } from '../lib/flags';
import { messagePolicy } from './realm-policy';
import { loadMessages, type LoadedMessage } from './messages';

export const MAX_MESSAGES_PER_FETCH = 5000;
/** Zulip's LARGER_THAN_MAX_MESSAGE_ID: an anchor at or past it means "the newest end". */
export const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;
/** Message ids are PostgreSQL integers; anchors outside their range compare as the nearest end. */
const MAX_INTEGER_ID = 2147483647;
const MIN_INTEGER_ID = -2147483648;
/** What a message the caller never received shows (Zulip: ["read", "historical"]). */
export const HISTORICAL_FLAGS = FLAG_BITS.read! | FLAG_BITS.historical!;

export interface FetchRequest {
  user: UserRow;
  anchor: number | AnchorWord | undefined;
  /** False leaves the anchor's own message out (only at an end of the range); true when absent. */
  includeAnchor?: boolean;
  useFirstUnreadAnchor: boolean;
  numBefore: number;
  numAfter: number;
  narrow: NarrowTerm[];
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
}

interface IdRow {
  id: number;
  flags: number;
}

/** The id an anchor word stands for (Zulip's parse_anchor_value); first_unread is found later. */
function numericAnchor(anchor: FetchRequest['anchor']): number {
  if (anchor === 'oldest') return 0;
  if (anchor === undefined || anchor === 'newest' || anchor === 'first_unread') return LARGER_THAN_MAX_MESSAGE_ID;
  return anchor;
}

/**
 * A message as GET /messages and GET /messages/{id} show it: rendered for the client's variant,
 * with the caller's flags, and its edit history where the realm shows edit history.
 */
export function clientMessageDict(
  message: LoadedMessage,
  variant: MessageVariant,
  flags: number,
  allowEditHistory: boolean,
): Record<string, unknown> {
  const dict: Record<string, unknown> = { ...finalizeMessage(message.wire, variant), flags: flagNames(flags) };
  if (message.editHistory && allowEditHistory) dict.edit_history = message.editHistory;
  return dict;
}

/** Which messages of a narrow a range around an anchor holds, before any is loaded. */
export interface MessageRange {
  rows: IdRow[];
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
  /** The narrow's search terms, when it searches (for highlighting). */
  search: { text: string } | null;
}

/** The range request of GET /messages and POST /messages/flags/narrow. */
export type RangeRequest = Omit<FetchRequest, 'applyMarkdown' | 'clientGravatar' | 'allowEmptyTopicName'>;

export async function getMessages(db: Knex, request: FetchRequest): Promise<Record<string, unknown>> {
  if (request.numBefore + request.numAfter > MAX_MESSAGES_PER_FETCH) {
    throw plainError(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  const { user } = request;
  const range = await findMessageRange(db, request);
  const { rows } = range;
  const ids = rows.map((r) => r.id);
  const loaded = await loadMessages(db, ids);
  const highlights = range.search ? await searchHighlights(db, ids, range.search.text) : null;
  const policy = await messagePolicy(db, user.realm_id);
  const variant = {
    applyMarkdown: request.applyMarkdown,
    clientGravatar: request.clientGravatar,
    allowEmptyTopicName: request.allowEmptyTopicName,
  };
  const messages = rows.flatMap((row) => {
    const message = loaded.get(row.id);
    if (!message) return [];
    const dict = clientMessageDict(message, variant, row.flags, policy.allowEditHistory);
    const match = highlights?.get(row.id);
    // The empty topic's highlight is its display name, as its subject is, for clients that cannot show "".
    if (match) Object.assign(dict, match, match.match_subject === '' ? { match_subject: dict.subject } : {});
    return [dict];
  });
  return {
    messages,
    found_anchor: range.foundAnchor,
    found_oldest: range.foundOldest,
    found_newest: range.foundNewest,
    history_limited: false,
    anchor: range.anchor,
  };
}

/** Zulip's fetch: the ids (and the caller's flags) of up to num_before + 1 + num_after messages of the narrow. */
export async function findMessageRange(db: Knex, request: RangeRequest): Promise<MessageRange> {
  if (request.anchor === undefined && !request.useFirstUnreadAnchor) {
    throw plainError("Missing 'anchor' argument (or set 'use_first_unread_anchor'=True).");
  }
  const { user } = request;
  const terms = await resolveWithOperator(db, user, request.narrow);
  const includeAnchor = request.includeAnchor !== false;
  if (request.numBefore > 0 && request.numAfter > 0 && !includeAnchor) {
    // A JsonableError in current Zulip (it came after 2.1), so it carries its code.
    throw badRequest('The anchor can only be excluded at an end of the range');
  }
  const narrow = await buildNarrow(db, user, terms);
  const idColumn = narrow.includeHistory ? 'm.id' : 'um.message_id';
  const base = (): Knex.QueryBuilder => {
    const query = narrow.includeHistory
      ? db('messages as m')
          .leftJoin('user_messages as um', function joinOwnRow() {
            this.on('um.message_id', '=', 'm.id').andOn('um.user_id', '=', db.raw('?', [user.id]));
          })
          .select('m.id', db.raw('coalesce(um.flags, ?) as flags', [HISTORICAL_FLAGS]))
      : db('user_messages as um')
          .join('messages as m', 'm.id', 'um.message_id')
          .where('um.user_id', user.id)
          .select('um.message_id as id', 'um.flags');
    for (const condition of narrow.conditions) condition(query);
    return query;
  };

  let anchor = numericAnchor(request.anchor);
  if (request.useFirstUnreadAnchor || request.anchor === 'first_unread') {
    const query = base().whereRaw('(coalesce(um.flags, ?) & 1) = 0', [HISTORICAL_FLAGS]);
    (await mutingCondition(db, user.id, terms))(query);
    // An empty narrow (the home view) starts no earlier than the pointer, as Zulip's mobile fix.
    if (terms.length === 0) query.where(idColumn, '>=', user.pointer);
    const first: IdRow | undefined = await query.orderBy(idColumn, 'asc').first();
    anchor = first ? first.id : LARGER_THAN_MAX_MESSAGE_ID;
  }
  const anchoredToLeft = anchor === 0;
  const anchoredToRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredToRight ? 0 : request.numAfter;

  const bound = Math.max(Math.min(anchor, MAX_INTEGER_ID), MIN_INTEGER_ID);
  const before: IdRow[] =
    request.numBefore > 0
      ? await base()
          .where(idColumn, anchor > MAX_INTEGER_ID ? '<=' : '<', bound)
          .orderBy(idColumn, 'desc')
          .limit(request.numBefore)
      : [];
  const fromAnchor: IdRow[] =
    anchor > MAX_INTEGER_ID
      ? []
      : await base()
          .where(idColumn, '>=', bound)
          .orderBy(idColumn, 'asc')
          .limit(numAfter + 1);

  // Zulip leaves the anchor in when no side is fetched (num_before and num_after both 0).
  const excludeAnchor = !includeAnchor && request.numBefore + request.numAfter > 0;
  const foundAnchor = !excludeAnchor && fromAnchor[0]?.id === anchor;
  const after = fromAnchor.filter((row) => row.id !== anchor).slice(0, numAfter);
  return {
    rows: [...before.reverse(), ...(foundAnchor ? [fromAnchor[0]!] : []), ...after],
    anchor,
    foundAnchor,
    foundOldest: anchoredToLeft || before.length < request.numBefore,
    foundNewest: anchoredToRight || after.length < numAfter,
    search: narrow.search,
  };
}
