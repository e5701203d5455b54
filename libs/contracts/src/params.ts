/**
 * Zulip's parameter rules (zerver/lib/request.py `REQ`) in one place: values arrive as strings
 * from the query string or a form body; booleans are JSON `true`/`false`; lists and objects are
 * JSON-encoded; a parameter may have aliases (topic/subject); unknown parameters are ignored.
 *
 * Each parameter is declared with a builder below; the declaration carries its TypeScript type,
 * so a handler's `params` are typed without casts.
 */
import { ApiError, badRequest, confusingArguments, invalidArgument, missingArgument, nulCharacters } from '@chat/errors';

export type JsonSchema = Record<string, unknown>;

export interface ParamSpec<T, Present extends boolean> {
  readonly required: boolean;
  readonly defaultValue?: T;
  readonly aliases: readonly string[];
  /** JSON Schema checked by ajv after conversion. */
  readonly schema: JsonSchema;
  /** Turns the raw string into a value; throws ApiError when it cannot. */
  readonly convert: (raw: string, name: string) => unknown;
  /** The integers the value may hold (itself, or anywhere in its JSON): [min, max], inclusive. */
  readonly range: IntRange;
  /** The error for a NUL character anywhere in the value, where the endpoint has its own. */
  readonly nulError?: (name: string, value: string) => ApiError;
  /** The error for an integer outside `range`, where the endpoint has its own ("Invalid message(s)"). */
  readonly rangeError?: (name: string, raw: string) => ApiError;
  /** How a client writes the value on the wire (the reference page's encoding rule). */
  readonly encoding: ParamEncoding;
  /** For the reference: what the parameter means. */
  readonly description?: string;
  /** For the reference: a value a client might send (JSON-encoded ones decoded). */
  readonly example?: unknown;
  /**
   * Whether the reference's example request sends it; unset: when it is required, or optional
   * with no default and an example of its own.
   */
  readonly sample?: boolean;
  /** Phantom fields for type inference only. */
  readonly __type?: T;
  readonly __present?: Present;
}

export type AnyParamSpec = ParamSpec<unknown, boolean>;

/**
 * How a value travels, as the API's conventions say: `plain` text or decimal integer as it is;
 * `boolean` as `true`/`false`; `json` JSON-encoded (lists and objects); `plain-or-json` either
 * (`to` of a send: a name, a comma-separated list, or a JSON list).
 */
export type ParamEncoding = 'plain' | 'boolean' | 'json' | 'plain-or-json';

/** What the reference page says about a parameter (see ParamSpec). */
export interface ParamDocs {
  description?: string;
  example?: unknown;
  sample?: boolean;
}
export type ParamSpecs = Record<string, AnyParamSpec>;

export type ParamValues<S extends ParamSpecs> = {
  [K in keyof S]: S[K] extends ParamSpec<infer T, infer P> ? (P extends true ? T : T | undefined) : never;
};

/**
 * Integers a parameter may carry. The default is PostgreSQL's `integer`, the type of every id and
 * count column: a larger value bound to such a column fails the whole statement, so it is refused
 * here instead, whatever the endpoint. Bounds are bigints so that a 64-bit range is exact.
 */
export type IntRange = readonly [min: bigint, max: bigint];
export const INT32: IntRange = [-(2n ** 31n), 2n ** 31n - 1n];
export const INT64: IntRange = [-(2n ** 63n), 2n ** 63n - 1n];

interface Options<T> extends ParamDocs {
  aliases?: string[];
  schema?: JsonSchema;
  default?: T;
  required?: boolean;
  range?: IntRange;
  nulError?: (name: string, value: string) => ApiError;
  rangeError?: (name: string, raw: string) => ApiError;
  /** For `custom` conversions: how the value is written; else the builder's own (json for a list). */
  encoding?: ParamEncoding;
}
type Req<T> = Options<T> & { required: true };
type Def<T> = Options<T> & { default: T };

function spec<T>(
  opts: Options<T>,
  schema: JsonSchema,
  convert: ParamSpec<T, boolean>['convert'],
  encoding?: ParamEncoding,
): ParamSpec<T, boolean> {
  const merged = { ...schema, ...opts.schema };
  return {
    required: opts.required ?? false,
    defaultValue: opts.default,
    aliases: opts.aliases ?? [],
    schema: merged,
    convert,
    range: opts.range ?? INT32,
    nulError: opts.nulError,
    rangeError: opts.rangeError,
    encoding: opts.encoding ?? encoding ?? encodingOfSchema(merged),
    description: opts.description,
    example: opts.example,
    sample: opts.sample,
  };
}

/** A custom conversion's default: booleans as such, other plain types as they are, the rest JSON. */
function encodingOfSchema(schema: JsonSchema): ParamEncoding {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  if (types.every((t) => t === 'boolean')) return 'boolean';
  return types.every((t) => t === 'string' || t === 'integer' || t === 'boolean') ? 'plain' : 'json';
}

/** A shared parameter (an id in a path, `to`) with what it means where it is used. */
export function doc<S extends AnyParamSpec>(declared: S, docs: ParamDocs): S {
  return { ...declared, ...docs };
}

const asIs = (raw: string): unknown => raw;

function toInt(raw: string, name: string): unknown {
  const text = raw.trim();
  if (!/^-?\d+$/.test(text)) throw invalidArgument(name, raw);
  // Out of range is judged by the converted value's exact text in convertParams (checkValue).
  // Beyond 2^53 precision is lost but the magnitude is kept: Zulip clients send 10^16 as "newest".
  const value = Number(text);
  if (!Number.isFinite(value)) throw invalidArgument(name, raw);
  return value;
}

/** Zulip validates booleans by decoding JSON: only `true` and `false` pass. */
function toBool(raw: string, name: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ApiError(`Argument "${name}" is not valid JSON.`, { code: 'BAD_REQUEST' });
}

function toJson(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
}

export function string(opts: Req<string>): ParamSpec<string, true>;
export function string(opts: Def<string>): ParamSpec<string, true>;
export function string(opts?: Options<string>): ParamSpec<string, false>;
export function string(opts: Options<string> = {}): ParamSpec<string, boolean> {
  return spec(opts, { type: 'string' }, asIs, 'plain');
}

export function int(opts: Req<number>): ParamSpec<number, true>;
export function int(opts: Def<number>): ParamSpec<number, true>;
export function int(opts?: Options<number>): ParamSpec<number, false>;
export function int(opts: Options<number> = {}): ParamSpec<number, boolean> {
  return spec(opts, { type: 'integer' }, toInt, 'plain');
}

export function bool(opts: Req<boolean>): ParamSpec<boolean, true>;
export function bool(opts: Def<boolean>): ParamSpec<boolean, true>;
export function bool(opts?: Options<boolean>): ParamSpec<boolean, false>;
export function bool(opts: Options<boolean> = {}): ParamSpec<boolean, boolean> {
  return spec(opts, { type: 'boolean' }, toBool, 'boolean');
}

/** A JSON-encoded list or object; `schema` describes the decoded value. */
export function json<T>(opts: Req<T> & { schema: JsonSchema }): ParamSpec<T, true>;
export function json<T>(opts: Def<T> & { schema: JsonSchema }): ParamSpec<T, true>;
export function json<T>(opts: Options<T> & { schema: JsonSchema }): ParamSpec<T, false>;
export function json<T>(opts: Options<T> & { schema: JsonSchema }): ParamSpec<T, boolean> {
  return spec(opts, {}, toJson, 'json');
}

/**
 * A parameter with its own conversion (for example `to` of POST /messages, which may be JSON or
 * a comma-separated list); `convert` throws an ApiError for a value it rejects.
 */
export function custom<T>(convert: (raw: string, name: string) => T, opts: Req<T>): ParamSpec<T, true>;
export function custom<T>(convert: (raw: string, name: string) => T, opts: Def<T>): ParamSpec<T, true>;
export function custom<T>(convert: (raw: string, name: string) => T, opts?: Options<T>): ParamSpec<T, false>;
export function custom<T>(convert: (raw: string, name: string) => T, opts: Options<T> = {}): ParamSpec<T, boolean> {
  return spec(opts, {}, convert);
}

/**
 * Declares what a client sends for a parameter whose handler value is something else (a narrow
 * arrives as its text and its decoding): the typed client takes `In` for it.
 */
export function sentAs<In>() {
  return <S extends AnyParamSpec>(declared: S): S & { readonly __input?: In } => declared;
}

export type RawParams = Record<string, unknown>;

/** Looks a parameter up under its name and aliases; two names given at once is an error. */
function lookUp(raw: RawParams, name: string, specOf: AnyParamSpec): { key: string; value: string } | undefined {
  let found: { key: string; value: string } | undefined;
  for (const key of [name, ...specOf.aliases]) {
    const value = raw[key];
    if (value === undefined) continue;
    if (found) throw confusingArguments(found.key, key);
    // A repeated form field arrives as an array: Zulip (Django's QueryDict) takes the last one.
    const text = Array.isArray(value) ? value[value.length - 1] : value;
    found = { key, value: typeof text === 'string' ? text : JSON.stringify(text) };
  }
  return found;
}

/** Converts the raw request variables for one endpoint; validation against the schema follows. */
export function convertParams(specs: ParamSpecs, raw: RawParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, specOf] of Object.entries(specs)) {
    const found = lookUp(raw, name, specOf);
    if (!found) {
      if (specOf.required) throw missingArgument(name);
      if (specOf.defaultValue !== undefined) values[name] = specOf.defaultValue;
      continue;
    }
    const value = specOf.convert(found.value, name);
    checkValue(specOf, name, found.value, value);
    values[name] = value;
  }
  return values;
}

/**
 * What no parameter may hold, checked here once for every endpoint: a NUL character (PostgreSQL
 * text cannot store one, and a bound NUL fails the statement) and an integer outside the
 * parameter's range. An integer parameter is judged by its exact text (Number rounds past 2^53);
 * JSON values are walked, so lists of ids and narrows are covered too.
 */
function checkValue(specOf: AnyParamSpec, name: string, raw: string, value: unknown): void {
  const [min, max] = specOf.range;
  const outOfRange = (n: bigint) => n < min || n > max;
  const exact = typeof value === 'number' && /^\s*-?\d+\s*$/.test(raw);
  // One walk finds both; a NUL is reported before a range, whichever comes first in the value.
  let rangeExceeded = exact && outOfRange(BigInt(raw.trim()));
  for (const leaf of leaves(value)) {
    if (typeof leaf === 'string') {
      if (leaf.includes('\u0000')) throw specOf.nulError ? specOf.nulError(name, leaf) : nulCharacters(name);
    } else if (!exact && !rangeExceeded && Number.isInteger(leaf) && outOfRange(BigInt(leaf))) {
      rangeExceeded = true;
    }
  }
  if (rangeExceeded) throw specOf.rangeError ? specOf.rangeError(name, raw) : invalidArgument(name, raw);
}

/** Every string (object keys included) and number in a decoded value; a loop, as JSON may nest deeply. */
function* leaves(value: unknown): Generator<string | number> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string' || typeof item === 'number') yield item;
    else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (!Array.isArray(item)) yield key;
        stack.push(inner);
      }
    }
  }
}
