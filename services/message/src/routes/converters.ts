/** Parameter converters several message routes share, with Zulip's validator messages. */
import { badRequest } from '@chat/errors';

/** Zulip's check_list(check_int) messages, word for word. */
export function intList(raw: string, name: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
  if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
  value.forEach((item, i) => {
    if (!Number.isInteger(item)) throw badRequest(`${name}[${i}] is not an integer`);
  });
  return value as number[];
}

export function jsonInt(raw: string, name: string): number {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
  if (!Number.isInteger(value)) throw badRequest(`${name} is not an integer`);
  return value as number;
}
