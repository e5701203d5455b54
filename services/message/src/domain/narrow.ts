/**
 * The narrow of GET /messages (Zulip 2.1's narrow_parameter and NarrowBuilder): a JSON list of
 * [operator, operand] pairs or {operator, operand, negated} objects, turned into conditions on
 * the fetch query, whose aliases are `m` (messages) and `um` (the caller's user_messages row).
 *
 * Conditions are written so PostgreSQL can use the indexes of migrations 0001 and 0100:
 * lower(m.subject) matches messages_recipient_topic, `(um.flags & N) <> 0` matches the partial
 * flag indexes, and search uses the GIN index on search_tsvector.
 */
import type { Knex } from 'knex';
import { anyOf, getStreamById, getStreamByName, getUserByEmail, getUserById, type Executor, type UserRow } from '@chat/db';
import { ApiError, badRequest, invalidArgument } from '@chat/errors';
import { FLAG_BITS } from './flags';
import { canAccessStreamHistory } from './access';
import { findPrivateRecipientId, lookUpRecipientUsers, privateAddress } from './recipients';

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

export function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: 'BAD_NARROW', extra: { desc } });
}

/** Operators whose operand may be an id (a list of ids for pm-with), as Zulip 2.1 accepts. */
const ID_OPERATORS = new Set(['sender', 'group-pm-with', 'stream']);
const ID_LIST_OPERATORS = new Set(['pm-with']);

function checkOperand(operator: string, operand: unknown): string | null {
  const name = 'elem["operand"]';
  if (ID_OPERATORS.has(operator)) {
    return typeof operand === 'string' || Number.isInteger(operand) ? null : `${name} is not a string or an integer`;
  }
  if (ID_LIST_OPERATORS.has(operator)) {
    if (typeof operand === 'string') return null;
    if (Array.isArray(operand)) {
      const bad = operand.findIndex((x) => !Number.isInteger(x));
      return bad === -1 ? null : `${name}[${bad}] is not an integer`;
    }
    return `${name} is not a string or an integer list`;
  }
  return typeof operand === 'string' ? null : `${name} is not a string`;
}

/** Parses the decoded `narrow` parameter; `raw` is what the client sent, for the error message. */
export function parseNarrow(value: unknown, raw: string): NarrowTerm[] {
  if (!Array.isArray(value)) throw invalidArgument('narrow', raw);
  return value.map((element: unknown): NarrowTerm => {
    if (Array.isArray(element)) {
      const [operator, operand] = element as unknown[];
      if (element.length !== 2 || typeof operator !== 'string' || typeof operand !== 'string') {
        throw invalidArgument('narrow', raw);
      }
      return { operator, operand, negated: false };
    }
    if (element !== null && typeof element === 'object') {
      const elem = element as Record<string, unknown>;
      for (const key of ['operator', 'operand']) {
        if (!(key in elem)) throw badRequest(`${key} key is missing from elem`);
      }
      if (typeof elem.operator !== 'string') throw badRequest('elem["operator"] is not a string');
      const error = checkOperand(elem.operator, elem.operand);
      if (error) throw badRequest(error);
      return { operator: elem.operator, operand: elem.operand as NarrowTerm['operand'], negated: elem.negated === true };
    }
    throw invalidArgument('narrow', raw);
  });
}

type Condition = (query: Knex.QueryBuilder) => void;

export interface BuiltNarrow {
  conditions: Condition[];
  /** Messages the user never received may be included (a stream they may read, streams:public). */
  includeHistory: boolean;
  /** All search operands joined by spaces (Zulip combines them into one term), if any. */
  search: { text: string; negated: boolean } | null;
}

/**
 * Flag tests as SQL text with the mask written in, not bound: the partial indexes on user_messages
 * (`WHERE (flags & 24) <> 0` and the like) serve only a predicate that names the same constant.
 */
const FLAG_TESTS = {
  private: `(um.flags & ${FLAG_BITS.is_private!}) <> 0`,
  starred: `(um.flags & ${FLAG_BITS.starred!}) <> 0`,
  unread: `(um.flags & ${FLAG_BITS.read!}) = 0`,
  mentioned: `(um.flags & ${FLAG_BITS.mentioned! | FLAG_BITS.wildcard_mentioned!}) <> 0`,
  alerted: `(um.flags & ${FLAG_BITS.has_alert_word!}) <> 0`,
} as const;

function flagCondition(db: Knex, test: keyof typeof FLAG_TESTS): Knex.Raw {
  return db.raw(FLAG_TESTS[test]);
}

/**
 * Zulip's exclude_muting_conditions for in:home and the first-unread anchor: muted topics, and
 * muted streams unless the narrow names a stream. muted_topics belongs to the subscription
 * service; a database without that table has no muted topics.
 */
export async function mutingCondition(db: Knex, userId: number, terms: NarrowTerm[]): Promise<Condition> {
  const exists = (await db.raw("select to_regclass('muted_topics') is not null as ok")) as { rows: { ok: boolean }[] };
  const hasMutedTopics = exists.rows[0]?.ok === true;
  const streamNarrow = terms.some((t) => t.operator === 'stream');
  return (q) => {
    if (!streamNarrow) {
      q.whereNotIn(
        'm.recipient_id',
        db('subscriptions as ms')
          .join('streams as mst', 'mst.id', 'ms.stream_id')
          .where({ 'ms.user_id': userId, 'ms.active': true, 'ms.is_muted': true })
          .select('mst.recipient_id'),
      );
    }
    if (hasMutedTopics) {
      q.whereNotExists(
        db('muted_topics as mt')
          .where('mt.user_id', userId)
          .whereRaw('mt.stream_id = m.stream_id')
          .whereRaw('lower(mt.topic_name) = lower(m.subject)')
          .select(db.raw('1')),
      );
    }
  };
}

async function userByOperand(db: Executor, user: UserRow, operand: string | number): Promise<UserRow | undefined> {
  return typeof operand === 'number' ? getUserById(db, user.realm_id, operand) : getUserByEmail(db, user.realm_id, operand);
}

/** Python's str() of an operand, for error texts: lists print as [1, 2]. */
function shown(operand: NarrowTerm['operand']): string {
  return Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand);
}

export async function buildNarrow(db: Knex, user: UserRow, terms: NarrowTerm[]): Promise<BuiltNarrow> {
  const conditions: Condition[] = [];
  let includeHistory = false;
  const searchTerms = terms.filter((t) => t.operator === 'search');
  const search = searchTerms.length
    ? { text: searchTerms.map((t) => String(t.operand)).join(' '), negated: searchTerms[0]!.negated }
    : null;
  let searchAdded = false;

  for (const term of terms) {
    const operator = term.operator.replace(/-/g, '_');
    const where = term.negated ? 'whereNot' : 'where';
    const add = (fn: Condition) => conditions.push(term.negated ? (q) => q.whereNot((inner) => fn(inner)) : fn);
    switch (operator) {
      case 'stream': {
        const stream =
          typeof term.operand === 'number'
            ? await getStreamById(db, user.realm_id, term.operand)
            : await getStreamByName(db, user.realm_id, String(term.operand));
        if (!stream) throw badNarrow(`unknown stream ${shown(term.operand)}`);
        if (!term.negated && (await canAccessStreamHistory(db, user, stream))) includeHistory = true;
        conditions.push((q) => q[where]('m.recipient_id', stream.recipient_id));
        break;
      }
      case 'streams': {
        if (term.operand !== 'public') throw badNarrow(`unknown streams operand ${shown(term.operand)}`);
        if (!term.negated && user.role !== 'guest') includeHistory = true;
        const publicRecipients = () => db('streams')
          .where({ realm_id: user.realm_id, invite_only: false, history_public_to_subscribers: true })
          .select('recipient_id');
        conditions.push((q) => (term.negated ? q.whereNotIn('m.recipient_id', publicRecipients()) : q.whereIn('m.recipient_id', publicRecipients())));
        break;
      }
      case 'topic':
        conditions.push((q) => q[where](db.raw('lower(m.subject) = lower(?)', [String(term.operand)])));
        break;
      case 'sender': {
        const sender = await userByOperand(db, user, term.operand as string | number);
        if (!sender) throw badNarrow(`unknown user ${shown(term.operand)}`);
        conditions.push((q) => q[where]('m.sender_id', sender.id));
        break;
      }
      case 'pm_with': {
        const condition = await pmWithCondition(db, user, term);
        // Every private message has the is_private bit on its rows: the condition lets PostgreSQL
        // walk the caller's private rows (user_messages_private) newest first, instead of all
        // messages by id, and stops after a page (125 ms -> a few ms at 1M messages).
        add((q) => q.where(flagCondition(db, 'private')).where(condition));
        break;
      }
      case 'group_pm_with': {
        const other = await userByOperand(db, user, term.operand as string | number);
        if (!other) throw badNarrow(`unknown user ${shown(term.operand)}`);
        const shared = () => db('huddles').whereRaw('user_ids @> ?::integer[]', [[user.id, other.id]]).select('recipient_id');
        add((q) => q.where(flagCondition(db, 'private')).whereIn('m.recipient_id', shared()));
        break;
      }
      case 'is': {
        const flag = String(term.operand);
        if (flag === 'private') add((q) => q.where(flagCondition(db, 'private')));
        else if (flag === 'starred') add((q) => q.where(flagCondition(db, 'starred')));
        else if (flag === 'unread') add((q) => q.where(flagCondition(db, 'unread')));
        else if (flag === 'mentioned') add((q) => q.where(flagCondition(db, 'mentioned')));
        else if (flag === 'alerted') add((q) => q.where(flagCondition(db, 'alerted')));
        else throw badNarrow(`unknown 'is' operand ${flag}`);
        break;
      }
      case 'in': {
        // Zulip 2.1 ignores `negated` for in: (its by_in never calls maybe_negate).
        if (term.operand === 'home') conditions.push(await mutingCondition(db, user.id, []));
        else if (term.operand !== 'all') throw badNarrow(`unknown 'in' operand ${shown(term.operand)}`);
        break;
      }
      case 'has': {
        const what = String(term.operand);
        if (!['attachment', 'image', 'link'].includes(what)) throw badNarrow(`unknown 'has' operand ${what}`);
        conditions.push((q) => q[where](`m.has_${what}`, true));
        break;
      }
      case 'search':
        if (!searchAdded && search) {
          searchAdded = true;
          add(searchCondition(db, search.text));
        }
        break;
      case 'near':
        break;
      case 'id': {
        const id = String(term.operand);
        if (!/^\d+$/.test(id)) throw badNarrow('Invalid message ID');
        conditions.push((q) => q[where]('m.id', Number(id)));
        break;
      }
      default:
        throw badNarrow(`unknown operator ${term.operator}`);
    }
  }
  // Flags live on the caller's rows: a historical message has none (Zulip: any is: term).
  if (terms.some((t) => t.operator === 'is')) includeHistory = false;
  return { conditions, includeHistory, search };
}

/** Zulip's by_pm_with: a huddle by its recipient, a 1:1 conversation in both directions, or self. */
async function pmWithCondition(db: Knex, user: UserRow, term: NarrowTerm): Promise<Condition> {
  const to: string[] | number[] =
    typeof term.operand === 'string'
      ? term.operand.split(',')
      : Array.isArray(term.operand)
        ? term.operand
        : [term.operand];
  let users: UserRow[];
  try {
    users = await lookUpRecipientUsers(db, user.realm_id, to);
  } catch (error) {
    if (error instanceof ApiError) throw badNarrow(`unknown user in ${shown(term.operand)}`);
    throw error;
  }
  if (users.length === 0) throw badNarrow(`unknown user in ${shown(term.operand)}`);
  const address = privateAddress(user, users);
  const recipientId = await findPrivateRecipientId(db, address);
  // A huddle that never had a message has no recipient yet: nothing can match.
  if (recipientId === null) return (q) => q.whereRaw('false');
  if (address.kind === 'huddle') return (q) => q.where('m.recipient_id', recipientId);
  if (address.userId !== user.id) {
    const mine = user.recipient_id ?? -1;
    // Each direction is one range of messages_recipient_sender (an index-only scan); a UNION ALL
    // of the two beats an OR, for which PostgreSQL walks every message by id.
    const conversation = () => db('messages')
      .select('id')
      .where({ recipient_id: mine, sender_id: address.userId })
      .unionAll(db('messages').select('id').where({ recipient_id: recipientId, sender_id: user.id }), true);
    return (q) => q.whereIn('m.id', conversation());
  }
  return (q) => q.where('m.sender_id', user.id).where('m.recipient_id', recipientId);
}

/** Words through plainto_tsquery (stemmed, stop words dropped); "quoted phrases" also as substrings. */
function searchCondition(db: Knex, text: string): Condition {
  const phrases = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  return (q) => {
    q.whereRaw("m.search_tsvector @@ plainto_tsquery('english', ?)", [text]);
    for (const phrase of phrases) {
      const like = `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((p) => p.where('m.content', 'ilike', like).orWhere('m.subject', 'ilike', like));
    }
  };
}

/** The topic, HTML-escaped as Zulip escapes it, with the search term's matches highlighted. */
const ESCAPED_SUBJECT =
  "replace(replace(replace(replace(replace(m.subject, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '\"', '&quot;'), '''', '&#39;')";
const SUBJECT_HEADLINE = `ts_headline('english', ${ESCAPED_SUBJECT}, plainto_tsquery('english', ?), ?) as match_subject`;

/**
 * match_content / match_subject for search results: the rendered content and the HTML-escaped
 * topic with every matching word wrapped in <span class="highlight">, as Zulip shows them.
 * ts_headline with HighlightAll keeps the whole document and skips HTML tags.
 */
export async function searchHighlights(
  db: Executor,
  ids: number[],
  text: string,
): Promise<Map<number, { match_content: string; match_subject: string }>> {
  if (ids.length === 0) return new Map();
  const options = 'HighlightAll=TRUE, StartSel="<span class=""highlight"">", StopSel="</span>"';
  const rows: { id: number; match_content: string; match_subject: string }[] = await db('messages as m')
    .whereRaw(...anyOf('m.id', ids))
    .select(
      'm.id',
      db.raw(`ts_headline('english', m.rendered_content, plainto_tsquery('english', ?), ?) as match_content`, [text, options]),
      db.raw(SUBJECT_HEADLINE, [text, options]),
    );
  return new Map(rows.map((r) => [r.id, { match_content: r.match_content, match_subject: r.match_subject }]));
}
