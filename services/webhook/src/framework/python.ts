/**
 * How Zulip's views, written in Python, read and write JSON values: Python's truth test, and
 * str() of what json.loads made of a value (`True`, `None`, `['a', 1]`), which is how numbers,
 * booleans, nulls and lists reach their messages.
 */
import { isObject, type Json } from './payload';

/** Whether Python counts a value as true: not null, false, 0, '' or an empty list or object. */
export function truthy(value: Json | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

function pythonNumber(value: number): string {
  // Python writes exponents with at least two digits: 1e-07.
  return String(value).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** repr() of a string: single quotes unless only double quotes avoid escaping. */
function stringRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
}

function repr(value: Json): string {
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  if (isObject(value)) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${stringRepr(k)}: ${repr(v)}`)
      .join(', ')}}`;
  }
  return pythonStr(value);
}

/**
 * str() of a JSON value; a missing one reads as None. (JSON's 1.0 reads as 1 here, where Python
 * keeps 1.0: the parsed value no longer says which was sent.)
 */
export function pythonStr(value: Json | undefined): string {
  if (value === undefined || value === null) return 'None';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pythonNumber(value);
  return repr(value);
}
