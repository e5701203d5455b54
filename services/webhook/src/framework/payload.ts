/**
 * Reading a payload: JSON as Zulip's parser reads it (trailing commas allowed), and typed field
 * access that answers a missing field with REQUEST_VARIABLE_MISSING instead of crashing.
 */
import { invalidArgument, malformedJson, missingArgument } from '@chat/errors';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * Drops commas that directly precede `}` or `]` outside strings: Zulip parses bodies with a
 * ujson that accepts them, and its own fixtures (helloworld's) carry one.
 */
function withoutTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  // The last character kept outside whitespace: a comma only trails a value, so `[,]` stays malformed.
  let last = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ',' && last !== '[' && last !== '{' && last !== ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === '}' || text[j] === ']') continue;
    }
    out += ch;
    if (!/\s/.test(ch)) last = ch;
  }
  return out;
}

/**
 * ujson, Zulip's parser, refuses objects and arrays nested deeper than 1024. Deeper values also
 * overflow the stack of whatever walks them recursively (JSON.stringify, field access): a 500.
 */
const MAX_NESTING = 1024;

function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') deepest = Math.max(deepest, ++depth);
    else if (ch === ']' || ch === '}') depth--;
  }
  return deepest;
}

/** The body as JSON, or Zulip's 400 "Malformed JSON" (INVALID_JSON). */
export function parseJson(body: Buffer | string): Json {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (nestingDepth(text) > MAX_NESTING) throw malformedJson();
  try {
    return JSON.parse(text) as Json;
  } catch {
    try {
      return JSON.parse(withoutTrailingCommas(text)) as Json;
    } catch {
      throw malformedJson();
    }
  }
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload as an object; any other JSON value is a payload without the fields we need. */
export function parseJsonObject(body: Buffer | string): JsonObject {
  const value = parseJson(body);
  return isObject(value) ? value : {};
}

/** `a.b.c` in nested objects, or undefined when any step is missing. */
export function dig(value: Json | undefined, path: string): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A string field (numbers are written as they are); missing → REQUEST_VARIABLE_MISSING. */
export function requireString(value: Json | undefined, path: string): string {
  const found = dig(value, path);
  if (found === undefined || found === null) throw missingArgument(path);
  if (typeof found === 'string') return found;
  if (typeof found === 'number') return String(found);
  throw invalidArgument(path, found);
}

/** A boolean field, read as Zulip's check_bool reads it: absent or not a boolean is an error. */
export function requireBool(value: Json | undefined, path: string): boolean {
  const found = dig(value, path);
  if (typeof found === 'boolean') return found;
  throw found === undefined || found === null ? missingArgument(path) : invalidArgument(path, found);
}

/** A string field, or `fallback` when it is absent, null or not a string. */
export function optString(value: Json | undefined, path: string, fallback = ''): string {
  const found = dig(value, path);
  if (typeof found === 'string') return found;
  if (typeof found === 'number') return String(found);
  return fallback;
}

export function optArray(value: Json | undefined, path: string): Json[] {
  const found = dig(value, path);
  return Array.isArray(found) ? found : [];
}

export function optObject(value: Json | undefined, path: string): JsonObject {
  const found = dig(value, path);
  return isObject(found) ? found : {};
}
