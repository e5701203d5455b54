/** Zulip's check_list / check_int / check_string messages for JSON parameters. */
import { badRequest, invalidArgument } from '@chat/errors';

export function checkIntList(value: unknown, name: string): number[] {
  if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
  value.forEach((item, i) => {
    if (typeof item !== 'number' || !Number.isInteger(item)) throw badRequest(`${name}[${i}] is not an integer`);
  });
  return value as number[];
}

export function checkStringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw badRequest(`${name}[${i}] is not a string`);
  });
  return value as string[];
}

/** PostgreSQL text cannot hold NUL: such a value is refused as an invalid argument, not a 500. */
export function noNul(value: string, name: string): string {
  if (value.includes('\u0000')) throw invalidArgument(name, value);
  return value;
}

/** Ids past PostgreSQL's integer range name no row (and must not reach a query). */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= 2147483647;
}
