/** Zulip's check_list / check_int / check_string messages for JSON parameters. */
import { badRequest } from '@chat/errors';

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
