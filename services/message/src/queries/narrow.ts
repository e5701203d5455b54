/**
 * The narrow of GET /messages (Zulip's NarrowBuilder): a JSON list of [operator, operand] pairs or
 * {operator, operand, negated} objects (lib/narrow-terms.ts), turned into conditions on the fetch
 * query, whose aliases are `m` (messages) and `um` (the caller's user_messages row). Zulip 2.1's
 * operators are read as 2.1 read them; their modern names (channel, channels, dm, is:dm) narrow
 * alike, and dm-including is current Zulip's.
 *
 * Conditions are written so PostgreSQL can use the indexes of migrations 0001 and 0100:
 * lower(m.subject) matches messages_recipient_topic, `(um.flags & N) <> 0` matches the partial
 * flag indexes, and search uses the GIN index on search_tsvector.
 */
import type { Knex } from 'knex';
import { anyOf, getStreamById, getStreamByName, TOPIC_VISIBILITY, type Executor, type UserRow } from '@chat/db';
import { displayNameResolved } from '@chat/events';
import { canAccessStreamHistory } from './access';
import { dmCondition, dmIncludingCondition, groupPmWithCondition, shown, userByOperand } from './narrow-dm';
import { flagCondition, MAX_MESSAGE_ID, type Condition, type FlagTest } from './narrow-sql';
import { badNarrow, CHANNEL_OPERATORS, type NarrowTerm } from '../lib/narrow-terms';

export interface BuiltNarrow {
  conditions: Condition[];
  /** Messages the user never received may be included (a stream they may read, streams:public). */
  includeHistory: boolean;
  /** All search operands joined by spaces (Zulip combines them into one term), if any. */
  search: { text: string; negated: boolean } | null;
}

/** The is: operands and their flag tests; `dm` is the name `private` has had since feature level 177. */
const IS_OPERANDS = new Map<string, FlagTest>([
  ['private', 'private'],
  ['dm', 'private'],
  ['starred', 'starred'],
  ['unread', 'unread'],
  ['mentioned', 'mentioned'],
  ['alerted', 'alerted'],
]);

/**
 * Zulip's exclude_muting_conditions for in:home and the first-unread anchor: muted topics, and
 * muted streams unless the narrow names a stream. muted_topics belongs to the subscription
 * service; a database without that table has no muted topics.
 */
export async function mutingCondition(db: Knex, userId: number, terms: NarrowTerm[]): Promise<Condition> {
  const exists = (await db.raw("select to_regclass('muted_topics') is not null as ok")) as { rows: { ok: boolean }[] };
  const hasMutedTopics = exists.rows[0]?.ok === true;
  const streamNarrow = terms.some((t) => CHANNEL_OPERATORS.has(t.operator));
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
          .where({ 'mt.user_id': userId, 'mt.visibility_policy': TOPIC_VISIBILITY.MUTED })
          .whereRaw('mt.stream_id = m.stream_id')
          .whereRaw('lower(mt.topic_name) = lower(m.subject)')
          .select(db.raw('1')),
      );
    }
  };
}

/** The private-conversation operators, by their names with dashes read as underscores. */
async function privateCondition(db: Knex, user: UserRow, operator: string, term: NarrowTerm): Promise<Condition | null> {
  if (operator === 'group_pm_with') return groupPmWithCondition(db, user, term);
  if (operator === 'dm_including') return dmIncludingCondition(db, user, term);
  return dmCondition(db, user, term);
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
      case 'stream':
      case 'channel': {
        const stream =
          typeof term.operand === 'number'
            ? await getStreamById(db, user.realm_id, term.operand, { includeArchived: true })
            : await getStreamByName(db, user.realm_id, String(term.operand), { includeArchived: true });
        if (!stream) throw badNarrow(`unknown ${term.operator} ${shown(term.operand)}`);
        if (!term.negated && (await canAccessStreamHistory(db, user, stream))) includeHistory = true;
        conditions.push((q) => {
          q[where]('m.recipient_id', stream.recipient_id);
        });
        break;
      }
      case 'streams':
      case 'channels': {
        if (term.operand !== 'public') throw badNarrow(`unknown ${term.operator} operand ${shown(term.operand)}`);
        if (!term.negated && user.role !== 'guest') includeHistory = true;
        const publicRecipients = () =>
          db('streams').where({ realm_id: user.realm_id, invite_only: false, history_public_to_subscribers: true }).select('recipient_id');
        conditions.push((q) => {
          if (term.negated) q.whereNotIn('m.recipient_id', publicRecipients());
          else q.whereIn('m.recipient_id', publicRecipients());
        });
        break;
      }
      case 'topic': {
        // The display name names the empty topic (Zulip's update_narrow_terms_containing_empty_topic_fallback_name);
        // private messages, whose topic is also "", are not in it.
        const topic = displayNameResolved(String(term.operand));
        const sql = topic === '' ? "(m.subject = '' and m.stream_id is not null)" : 'lower(m.subject) = lower(?)';
        conditions.push((q) => {
          q[where](db.raw(sql, topic === '' ? [] : [topic]));
        });
        break;
      }
      case 'sender': {
        const sender = await userByOperand(db, user, term.operand as string | number);
        if (!sender) throw badNarrow(`unknown user ${shown(term.operand)}`);
        conditions.push((q) => {
          q[where]('m.sender_id', sender.id);
        });
        break;
      }
      case 'pm_with':
      case 'dm':
      case 'group_pm_with':
      case 'dm_including': {
        const condition = await privateCondition(db, user, operator, term);
        // Every private message has the is_private bit on its rows: the test lets PostgreSQL
        // walk the caller's private rows (user_messages_private) newest first, instead of all
        // messages by id, and stops after a page (125 ms -> a few ms at 1M messages).
        add((q) => {
          q.where(flagCondition(db, 'private'));
          if (condition) q.where((inner) => condition(inner));
        });
        break;
      }
      case 'is': {
        const test = IS_OPERANDS.get(String(term.operand));
        if (!test) throw badNarrow(`unknown 'is' operand ${String(term.operand)}`);
        add((q) => {
          q.where(flagCondition(db, test));
        });
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
        conditions.push((q) => {
          q[where](`m.has_${what}`, true);
        });
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
        const messageId = Number(id) <= MAX_MESSAGE_ID ? Number(id) : 0;
        conditions.push((q) => {
          q[where]('m.id', messageId);
        });
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

/** Words through plainto_tsquery (stemmed, stop words dropped); "quoted phrases" also as substrings. */
function searchCondition(db: Knex, text: string): Condition {
  const phrases = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  return (q) => {
    q.whereRaw("m.search_tsvector @@ plainto_tsquery('english', ?)", [text]);
    for (const phrase of phrases) {
      const like = `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((p) => {
        p.where('m.content', 'ilike', like).orWhere('m.subject', 'ilike', like);
      });
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
