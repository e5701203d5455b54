/**
 * Errors across the PGlite worker's boundary. Structured clone turns an Error into one with only
 * its message and stack, and callers read PostgreSQL's fields off PGlite's DatabaseError (`code`
 * for a unique violation, `constraint`, `detail`...), so the worker sends them as plain data and
 * the main thread builds the same error again: a DatabaseError with the same properties.
 */
import { protocol } from '@electric-sql/pglite';
import type { SerializedError } from './pglite-protocol';

const { DatabaseError } = protocol.messages;

/** In the worker: the error and every own property that structured clone can carry. */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { kind: 'error', message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A function or a handle has no copy on the other side; the rest of the error still goes.
    }
  }
  return { kind: err instanceof DatabaseError ? 'database' : 'error', message: err.message, name: err.name, stack: err.stack, fields };
}

/** On the main thread: the error as PGlite threw it in the worker. */
export function rebuildError(serialized: SerializedError): Error {
  const { kind, message, name, stack, fields } = serialized;
  const err: Error = kind === 'database' ? new DatabaseError(message, 0, 'error') : new Error(message);
  Object.assign(err, fields);
  // Set only where it differs: an Error's name is its prototype's, not a property of its own.
  if (err.name !== name) err.name = name;
  if (stack !== undefined) err.stack = stack;
  return err;
}
