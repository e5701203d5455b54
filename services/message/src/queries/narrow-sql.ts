/**
 * The pieces narrow conditions are written with. A condition adds to the fetch query, whose
 * aliases are `m` (messages) and `um` (the caller's user_messages row).
 */
import type { Knex } from 'knex';
import { ANY_MENTION_BITS, FLAG_BITS } from '../lib/flags';

export type Condition = (query: Knex.QueryBuilder) => void;

/** Message ids are PostgreSQL integers: a larger id names no message, and binding one would fail. */
export const MAX_MESSAGE_ID = 2147483647;

/**
 * Flag tests as SQL text with the mask written in, not bound: the partial indexes on user_messages
 * (`WHERE (flags & 24) <> 0` and the like) serve only a predicate that names the same constant.
 */
const FLAG_TESTS = {
  private: `(um.flags & ${FLAG_BITS.is_private!}) <> 0`,
  starred: `(um.flags & ${FLAG_BITS.starred!}) <> 0`,
  unread: `(um.flags & ${FLAG_BITS.read!}) = 0`,
  mentioned: `(um.flags & ${ANY_MENTION_BITS}) <> 0`,
  alerted: `(um.flags & ${FLAG_BITS.has_alert_word!}) <> 0`,
} as const;

export type FlagTest = keyof typeof FLAG_TESTS;

export function flagCondition(db: Knex, test: FlagTest): Knex.Raw {
  return db.raw(FLAG_TESTS[test]);
}
