/**
 * What a log line may carry. A line is bounded whatever a request sent: an error is logged as its
 * kind, its SQLSTATE and where it was raised, never with the statement or the bound values that a
 * driver puts in its message (knex writes the SQL with its bindings into the message; PGlite and
 * pg attach the query, its parameters and a `detail` quoting the row), because those hold message
 * content, recipients and addresses. Strings, lists and nesting are clipped, so one 1 MB request
 * cannot write a multi-megabyte line.
 */
const MAX_STRING = 1000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;
const MAX_STACK_FRAMES = 12;

/** Fields of a database error that name where it happened, not what was in the row. */
const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

function isDatabaseError(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && ('routine' in err || 'severity' in err);
}

/** The stack's frames only: its first line repeats the message. */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const lines = stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
  return lines.slice(0, MAX_STACK_FRAMES).join('\n');
}

export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return clip(value);
  const err = value as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: err.constructor?.name ?? 'Error' };
  if (isDatabaseError(err)) {
    for (const field of DATABASE_FIELDS) if (typeof err[field] === 'string') out[field] = err[field];
    out.message = 'database error (statement and values not logged)';
  } else {
    out.message = clipString(err.message);
    if (typeof err.code === 'string') out.code = clipString(err.code);
  }
  out.stack = frames(err.stack);
  if (err.cause !== undefined) out.cause = serializeError(err.cause);
  return out;
}

function clipString(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}… (${text.length} chars)` : text;
}

/** A copy of `value` within the bounds above; errors anywhere inside go through serializeError. */
export function clip(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clipString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return serializeError(value);
  if (depth >= MAX_DEPTH) return '[clipped]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => clip(item, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… (${value.length} items)`);
    return items;
  }
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, MAX_ITEMS)) out[key] = clip(item, depth + 1);
  if (entries.length > MAX_ITEMS) out['…'] = `${entries.length} keys`;
  return out;
}
