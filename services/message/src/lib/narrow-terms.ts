/**
 * Reading a narrow's terms (Zulip's narrow_parameter in 2.1, NarrowParameter today): a JSON list
 * of [operator, operand] string pairs or {operator, operand, negated} objects. Operators Zulip
 * 2.1 knew keep its operand checks and texts; those added since (channel, dm, dm-including, with)
 * and the integer ids current Zulip takes for `id` are checked as current Zulip checks them.
 */
import { ApiError, badRequest, invalidArgument } from '@chat/errors';

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

export function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: 'BAD_NARROW', extra: { desc } });
}

/** Zulip's InvalidOperatorCombinationError: terms that each parse but cannot go together. */
export function badNarrowCombination(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator combination: ${desc}`, { code: 'BAD_NARROW', extra: { desc } });
}

/** `channel` is the name `stream` has had since feature level 250; they narrow alike. */
export const CHANNEL_OPERATORS = new Set(['stream', 'channel']);

/** Operators whose operand may be an id (a list of ids for pm-with), as Zulip 2.1 accepts. */
const LEGACY_ID_OPERATORS = new Set(['sender', 'group-pm-with', 'stream']);
const LEGACY_ID_LIST_OPERATORS = new Set(['pm-with']);
/** The same for the operators added since, with current Zulip's error texts. */
const ID_OPERATORS = new Set(['channel', 'dm-including', 'with']);
const ID_LIST_OPERATORS = new Set(['dm']);

function isStringOrInt(operand: unknown): boolean {
  return typeof operand === 'string' || Number.isInteger(operand);
}

/** Where the first element of a list that is not an integer is, or -1. */
function firstNonInteger(list: unknown[]): number {
  return list.findIndex((x) => !Number.isInteger(x));
}

function checkLegacyOperand(operator: string, operand: unknown): string | null {
  const name = 'elem["operand"]';
  if (LEGACY_ID_OPERATORS.has(operator)) return isStringOrInt(operand) ? null : `${name} is not a string or an integer`;
  if (LEGACY_ID_LIST_OPERATORS.has(operator)) {
    if (typeof operand === 'string') return null;
    if (!Array.isArray(operand)) return `${name} is not a string or an integer list`;
    const bad = firstNonInteger(operand);
    return bad === -1 ? null : `${name}[${bad}] is not an integer`;
  }
  // A message id may be an integer since feature level 194; other values keep 2.1's text.
  if (operator === 'id' && Number.isInteger(operand)) return null;
  return typeof operand === 'string' ? null : `${name} is not a string`;
}

function checkOperand(operator: string, operand: unknown): string | null {
  if (ID_OPERATORS.has(operator)) return isStringOrInt(operand) ? null : 'operand is not a string or integer';
  if (ID_LIST_OPERATORS.has(operator)) {
    if (typeof operand === 'string') return null;
    if (!Array.isArray(operand)) return 'operand is not a string or an integer list';
    const bad = firstNonInteger(operand);
    return bad === -1 ? null : `operand[${bad}] is not an integer`;
  }
  return checkLegacyOperand(operator, operand);
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
