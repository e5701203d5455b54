/**
 * The narrow of GET /messages: Zulip's narrow_parameter (a JSON list of [operator, operand] pairs
 * or {operator, operand, negated} objects) turned into conditions on the messages query.
 */
import type { Knex } from 'knex';
import { getStreamById, getStreamByName } from '@chat/db';
import { ApiError, invalidArgument } from '@chat/errors';

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: 'BAD_NARROW', extra: { desc } });
}

/** Parses the decoded `narrow` parameter; `raw` is what the client sent, for the error message. */
export function parseNarrow(value: unknown, raw: string): NarrowTerm[] {
  if (!Array.isArray(value)) throw invalidArgument('narrow', raw);
  return value.map((element: unknown) => {
    if (Array.isArray(element)) {
      const [operator, operand] = element;
      if (element.length !== 2 || typeof operator !== 'string' || typeof operand !== 'string') {
        throw invalidArgument('narrow', raw);
      }
      return { operator, operand, negated: false };
    }
    if (element && typeof element === 'object') {
      const { operator, operand, negated } = element as Record<string, unknown>;
      const operandOk = typeof operand === 'string' || Number.isInteger(operand) || Array.isArray(operand);
      if (typeof operator !== 'string' || !operandOk) throw invalidArgument('narrow', raw);
      return { operator, operand: operand as NarrowTerm['operand'], negated: negated === true };
    }
    throw invalidArgument('narrow', raw);
  });
}

/** Adds each term's condition to `query` (aliased `m` for messages). */
export async function applyNarrow(
  db: Knex,
  realmId: number,
  query: Knex.QueryBuilder,
  terms: NarrowTerm[],
): Promise<void> {
  for (const term of terms) {
    const operator = term.operator.replace(/-/g, '_');
    const where = term.negated ? 'whereNot' : 'where';
    if (operator === 'stream') {
      const stream =
        typeof term.operand === 'number'
          ? await getStreamById(db, realmId, term.operand)
          : await getStreamByName(db, realmId, String(term.operand));
      if (!stream) throw badNarrow(`unknown stream ${String(term.operand)}`);
      query[where]('m.recipient_id', stream.recipient_id);
    } else if (operator === 'topic') {
      query[where](db.raw('lower(m.subject) = lower(?)', [String(term.operand)]));
    } else {
      throw badNarrow(`unknown operator ${term.operator}`);
    }
  }
}
