/**
 * The messages between PgliteThread (./pglite-thread.ts, the main thread's stand-in for a PGlite
 * instance) and the worker thread that owns the instance (./pglite-worker-task.ts). Everything
 * here crosses by structured clone: rows keep their Dates, numbers, bigints and Uint8Arrays.
 */
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** What the worker opens (its workerData). */
export interface PgliteWorkerData {
  /** The database's directory; none: in memory. */
  dataDir?: string;
  /** An in-memory database's starting content: a data directory dumped by dumpDataDir. */
  loadDataDir?: Blob;
}

/** Each operation the worker performs: what the main thread asks, and what it gets back. */
export interface PgliteOperations {
  query: { request: { sql: string; params?: unknown[]; options?: QueryOptions }; result: Results };
  /** Notifications on `channel` go back tagged with `subscription`, a number the main thread picks. */
  listen: { request: { channel: string; subscription: number }; result: null };
  unlisten: { request: { subscription: number }; result: null };
  dumpDataDir: { request: Record<string, never>; result: Blob };
  close: { request: Record<string, never>; result: null };
}

export type PgliteOperation = keyof PgliteOperations;

/** A request to the worker; `id` pairs it with its answer. The worker performs them in order. */
export type PgliteRequest = { [Op in PgliteOperation]: { id: number; op: Op } & PgliteOperations[Op]['request'] }[PgliteOperation];

/**
 * An error as plain data: structured clone keeps only an Error's message and stack, and callers
 * read PostgreSQL's fields (`code`, `constraint`, `detail`...) off the errors PGlite throws.
 */
export interface SerializedError {
  /** DatabaseError: an error PostgreSQL reported; error: anything else thrown. */
  kind: 'database' | 'error';
  message: string;
  name: string;
  stack?: string;
  /** The error's own properties that structured clone can carry. */
  fields: Record<string, unknown>;
}

/** What the worker posts: readiness once, an answer per request, and notifications. */
export type PgliteWorkerMessage =
  | { kind: 'ready' }
  /** PGlite could not open the database; every request is answered with this error too. */
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; result: PgliteOperations[PgliteOperation]['result'] }
  | { kind: 'error'; id: number; error: SerializedError }
  | { kind: 'notify'; subscription: number; payload: string };
