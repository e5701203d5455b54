/**
 * Narrows to private conversations: `dm` (and its 2.1 name `pm-with`), `dm-including` and
 * `group-pm-with` (Zulip's by_dm, by_dm_including and by_group_pm_with). Each condition is
 * applied with the caller's is_private flag test, so PostgreSQL walks the caller's private rows
 * (user_messages_private) newest first instead of all messages by id.
 */
import type { Knex } from 'knex';
import { getUserByEmail, getUserById, type Executor, type UserRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import { badNarrow, type NarrowTerm } from '../lib/narrow-terms';
import type { Condition } from './narrow-sql';
import { privateAddress } from '../lib/private-address';
import { findPrivateRecipientId, lookUpRecipientUsers } from './recipients';

export async function userByOperand(db: Executor, user: UserRow, operand: string | number): Promise<UserRow | undefined> {
  return typeof operand === 'number' ? getUserById(db, user.realm_id, operand) : getUserByEmail(db, user.realm_id, operand);
}

/** Python's str() of an operand, for error texts: lists print as [1, 2]. */
export function shown(operand: NarrowTerm['operand']): string {
  return Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand);
}

/**
 * The messages of the 1:1 conversation between `user` and `other`. Each direction is one range of
 * messages_recipient_sender (an index-only scan); a UNION ALL of the two beats an OR, for which
 * PostgreSQL walks every message by id.
 */
function oneToOne(db: Knex, user: UserRow, other: Pick<UserRow, 'id' | 'recipient_id'>): Knex.QueryBuilder {
  return db('messages')
    .select('id')
    .where({ recipient_id: user.recipient_id ?? -1, sender_id: other.id })
    .unionAll(
      db('messages')
        .select('id')
        .where({ recipient_id: other.recipient_id ?? -1, sender_id: user.id }),
      true,
    );
}

/** The recipients of the groups of users (huddles) both people are in. */
function sharedHuddles(db: Knex, user: UserRow, other: UserRow): Knex.QueryBuilder {
  return db('huddles')
    .whereRaw('user_ids @> ?::integer[]', [[user.id, other.id]])
    .select('recipient_id');
}

/** One conversation: a huddle by its recipient, a 1:1 conversation in both directions, or self. */
export async function dmCondition(db: Knex, user: UserRow, term: NarrowTerm): Promise<Condition> {
  const to: string[] | number[] =
    typeof term.operand === 'string' ? term.operand.split(',') : Array.isArray(term.operand) ? term.operand : [term.operand];
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
  if (recipientId === null) {
    return (q) => {
      q.whereRaw('false');
    };
  }
  if (address.kind === 'huddle') {
    return (q) => {
      q.where('m.recipient_id', recipientId);
    };
  }
  if (address.userId !== user.id) {
    const other = { id: address.userId, recipient_id: recipientId };
    return (q) => {
      q.whereIn('m.id', oneToOne(db, user, other));
    };
  }
  return (q) => {
    q.where('m.sender_id', user.id).where('m.recipient_id', recipientId);
  };
}

async function otherUser(db: Knex, user: UserRow, term: NarrowTerm): Promise<UserRow> {
  const other = await userByOperand(db, user, term.operand as string | number);
  if (!other) throw badNarrow(`unknown user ${shown(term.operand)}`);
  return other;
}

/** 2.1's group-pm-with: only the groups of users (not the 1:1 conversation) both are in. */
export async function groupPmWithCondition(db: Knex, user: UserRow, term: NarrowTerm): Promise<Condition> {
  const other = await otherUser(db, user, term);
  return (q) => {
    q.whereIn('m.recipient_id', sharedHuddles(db, user, other));
  };
}

/**
 * dm-including: every private message both are in, 1:1 and groups; with the caller's own id or
 * e-mail, all of the caller's private messages (the private flag test alone).
 */
export async function dmIncludingCondition(db: Knex, user: UserRow, term: NarrowTerm): Promise<Condition | null> {
  const other = await otherUser(db, user, term);
  if (other.id === user.id) return null;
  return (q) => {
    q.where((inner) => {
      inner.whereIn('m.id', oneToOne(db, user, other)).orWhereIn('m.recipient_id', sharedHuddles(db, user, other));
    });
  };
}
