/**
 * Typed reads of a Gogs or Gitea payload: a missing or mistyped field is the caller's 400
 * (REQUEST_VARIABLE_MISSING or its invalid twin), never a crash.
 */
import { invalidArgument, missingArgument } from '@chat/errors';
import { dig, type Json } from '../../framework/payload';
import { truthy } from '../../framework/python';

export function str(payload: Json, path: string): string {
  const value = dig(payload, path);
  if (value === undefined || value === null) throw missingArgument(path);
  if (typeof value !== 'string') throw invalidArgument(path, value);
  return value;
}

export function int(payload: Json, path: string): number {
  const value = dig(payload, path);
  if (value === undefined || value === null) throw missingArgument(path);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidArgument(path, value);
  return value;
}

/** Whether the field is there and not empty (Python's truthiness: null, "", 0, [] and {} are not). */
export function present(payload: Json, path: string): boolean {
  return truthy(dig(payload, path));
}
