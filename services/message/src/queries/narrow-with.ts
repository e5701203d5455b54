/**
 * The `with` operator of GET /messages (feature level 271; Zulip's
 * update_narrow_terms_containing_with_operator): a message id standing for the conversation that
 * message is in now, so a link keeps working after the topic is moved or resolved. It is resolved
 * before the narrow is built: its conversation's terms replace any channel, topic or dm terms.
 * Only GET /messages reads it; elsewhere it is an unknown operator, as in Zulip.
 */
import type { Knex } from 'knex';
import { RECIPIENT_PERSONAL, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import { accessMessage } from './access';
import { MAX_MESSAGE_ID } from './narrow-sql';
import { badNarrow, badNarrowCombination, CHANNEL_OPERATORS, type NarrowTerm } from '../lib/narrow-terms';

const CONVERSATION_OPERATORS = new Set([...CHANNEL_OPERATORS, 'topic', 'dm', 'pm-with']);

/** Python's int() of the operand, as Zulip reads it; null when it is no integer. */
function messageIdOf(operand: NarrowTerm['operand']): number | null {
  if (typeof operand === 'number') return operand;
  if (typeof operand === 'string' && /^\s*[-+]?\d+\s*$/.test(operand)) return Number(operand);
  return null;
}

/** Whether the other terms name one conversation already (a dm, or a channel and a topic). */
function definesConversation(terms: NarrowTerm[]): boolean {
  if (terms.some((t) => t.operator === 'dm' || t.operator === 'pm-with')) return true;
  return terms.some((t) => CHANNEL_OPERATORS.has(t.operator)) && terms.some((t) => t.operator === 'topic');
}

/** The terms naming the conversation of message `id`, or null when the caller may not read it. */
async function conversationTerms(db: Knex, user: UserRow, id: number): Promise<NarrowTerm[] | null> {
  if (id < 1 || id > MAX_MESSAGE_ID) return null;
  let message;
  try {
    ({ message } = await accessMessage(db, user, id));
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (message.stream_id !== null) {
    return [
      { operator: 'channel', operand: message.stream_id, negated: false },
      { operator: 'topic', operand: message.subject, negated: false },
    ];
  }
  const recipient: { type: number; type_id: number } = await db('recipients').where({ id: message.recipient_id }).first('type', 'type_id');
  // Both people of a 1:1 conversation (one, for a note to self); the caller is one of them.
  const memberIds =
    recipient.type === RECIPIENT_PERSONAL
      ? [...new Set([message.sender_id, recipient.type_id])]
      : ((await db('huddles').where({ id: recipient.type_id }).first('user_ids')) as { user_ids: number[] }).user_ids;
  return [{ operator: 'dm', operand: memberIds, negated: false }];
}

export async function resolveWithOperator(db: Knex, user: UserRow, terms: NarrowTerm[]): Promise<NarrowTerm[]> {
  const withTerms = terms.filter((t) => t.operator === 'with');
  if (withTerms.length === 0) return terms;
  if (withTerms.length > 1) throw badNarrowCombination("Duplicate 'with' operators.");
  const others = terms.filter((t) => t.operator !== 'with');
  const id = messageIdOf(withTerms[0]!.operand);
  if (id === null) throw badNarrow("Invalid 'with' operator");
  const conversation = await conversationTerms(db, user, id);
  if (conversation) return [...conversation, ...others.filter((t) => !CONVERSATION_OPERATORS.has(t.operator))];
  // A message the caller cannot read (a private channel's protected history) still leaves a
  // link to its conversation working when the other terms name it.
  if (definesConversation(others)) return others;
  throw badNarrow("Invalid 'with' operator");
}
