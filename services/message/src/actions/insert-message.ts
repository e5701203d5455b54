/**
 * A new message and its per-user rows in one statement: the flags do not depend on the new id,
 * so the user_messages insert can take the id from the messages insert in the same WITH. The
 * per-user columns go as two array literals (ints only), not one placeholder per row, so a
 * stream of 10,000 subscribers is still one statement of three parameters more.
 */
import type { Knex } from 'knex';

export interface UserRowToInsert {
  userId: number;
  flags: number;
}

const intArray = (values: number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Inserts `message` (a messages row) and a user_messages row per entry of `users`; returns the id. */
export async function insertMessageWithUserRows(
  trx: Knex.Transaction,
  message: Record<string, unknown>,
  users: UserRowToInsert[],
): Promise<number> {
  const result = (await trx.raw(
    `WITH m AS (?),
     um AS (INSERT INTO user_messages (user_id, message_id, flags)
            SELECT x.user_id, m.id, x.flags FROM m, unnest(?::int[], ?::int[]) AS x(user_id, flags))
     SELECT id FROM m`,
    [trx('messages').insert(message).returning('id'), intArray(users.map((u) => u.userId)), intArray(users.map((u) => u.flags))],
  )) as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('messages insert returned no id');
  return id;
}
