/**
 * Zulip's REQ validators (zerver/lib/validator.py) and converters, with its messages ("subscriptions[0]
 * is not a dict", "name key is missing from subscriptions[0]", "messages[1] is not an integer"),
 * for every service: a failed check is a BAD_REQUEST with that message, as Zulip's REQ raises it.
 * Converters (`(raw, name) => value`) go to `p.custom`; `check` applies a validator to a value a
 * `p.json` parameter already decoded.
 */
import { badRequest, invalidArgument } from '@chat/errors';

/** Returns an error message, or null when `value` passes. */
export type Validator = (name: string, value: unknown) => string | null;

export const checkString: Validator = (name, value) => (typeof value === 'string' ? null : `${name} is not a string`);

export const checkBool: Validator = (name, value) => (typeof value === 'boolean' ? null : `${name} is not a boolean`);

export const checkInt: Validator = (name, value) =>
  typeof value === 'number' && Number.isInteger(value) ? null : `${name} is not an integer`;

export function checkCappedString(max: number): Validator {
  return (name, value) => {
    if (typeof value !== 'string') return `${name} is not a string`;
    return [...value].length > max ? `${name} is too long (limit: ${max} characters)` : null;
  };
}

/** Zulip's check_color: "#" and 3 to 6 hex digits. */
export const checkColor: Validator = (name, value) => {
  if (typeof value !== 'string') return `${name} is not a string`;
  return /^#[a-fA-F0-9]{3,6}$/.test(value) ? null : `${name} is not a valid hex color code`;
};

/**
 * Zulip's check_url, for the addresses the server itself will call (an outgoing webhook's): an
 * absolute http or https URL with a host.
 */
export const checkUrl: Validator = (name, value) => {
  if (typeof value !== 'string') return `${name} is not a string`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL`;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? null : `${name} is not a URL`;
};

export function checkList(item?: Validator): Validator {
  return (name, value) => {
    if (!Array.isArray(value)) return `${name} is not a list`;
    if (!item) return null;
    for (const [i, element] of value.entries()) {
      const error = item(`${name}[${i}]`, element);
      if (error) return error;
    }
    return null;
  };
}

export function checkDict(required: [string, Validator][], optional: [string, Validator][] = []): Validator {
  return (name, value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${name} is not a dict`;
    const dict = value as Record<string, unknown>;
    for (const [key, check] of required) {
      if (!(key in dict)) return `${key} key is missing from ${name}`;
      const error = check(`${name}["${key}"]`, dict[key]);
      if (error) return error;
    }
    for (const [key, check] of optional) {
      if (!(key in dict)) continue;
      const error = check(`${name}["${key}"]`, dict[key]);
      if (error) return error;
    }
    return null;
  };
}

/** Zulip's check_dict_only: check_dict, and no key beyond those listed. */
export function checkDictOnly(required: [string, Validator][], optional: [string, Validator][] = []): Validator {
  const listed = new Set([...required, ...optional].map(([key]) => key));
  const dictCheck = checkDict(required, optional);
  return (name, value) => {
    const error = dictCheck(name, value);
    if (error) return error;
    const extra = Object.keys(value as Record<string, unknown>).filter((key) => !listed.has(key));
    return extra.length > 0 ? `Unexpected arguments: ${extra.join(', ')}` : null;
  };
}

/** Zulip's check_int_in: an integer among `allowed`. */
export function checkIntIn(allowed: number[]): Validator {
  return (name, value) => checkInt(name, value) ?? (allowed.includes(value as number) ? null : `Invalid ${name}`);
}

/** Zulip's check_int_range: an integer from `low` to `high`, both included. */
export function checkIntRange(low: number, high: number): Validator {
  return (name, value) => {
    const error = checkInt(name, value);
    if (error) return error;
    if ((value as number) < low) return `${name} is too small`;
    return (value as number) > high ? `${name} is too large` : null;
  };
}

/** Zulip's check_variable_type: the first validator that accepts the value wins. */
export function checkVariableType(validators: Validator[]): Validator {
  return (name, value) => (validators.some((v) => v(name, value) === null) ? null : `${name} is not an allowed_type`);
}

/** A converter for p.custom: decodes JSON as REQ does, then applies the validator. */
export function validatedJson<T>(validator: Validator): (raw: string, name: string) => T {
  return (raw, name) => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(`Argument "${name}" is not valid JSON.`);
    }
    const error = validator(name, value);
    if (error) throw badRequest(error);
    return value as T;
  };
}

/**
 * new_name and description of PATCH /streams are JSON strings in Zulip (its clients send
 * `"Italy"` with the quotes); a bare value is taken as the text itself, since curl users and other
 * clients send it so.
 */
export function jsonOrPlainString(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'string') return value;
    } catch {
      // Not JSON after all: the raw text is the value.
    }
  }
  return raw;
}

/** A URL parameter: JSON-encoded as Zulip's REQ(validator=check_url) reads it, or bare. */
export function urlParam(raw: string, name: string): string {
  return check<string>(checkUrl, name, jsonOrPlainString(raw));
}

/** Zulip's check_dict with a value validator only: any keys, each value checked. */
export function checkDictOf(value: Validator): Validator {
  return (name, dict) => {
    if (typeof dict !== 'object' || dict === null || Array.isArray(dict)) return `${name} is not a dict`;
    for (const [key, item] of Object.entries(dict)) {
      const error = value(`${name}["${key}"]`, item);
      if (error) return error;
    }
    return null;
  };
}

/** Applies `validator` to a decoded value, throwing its message as REQ does. */
export function check<T>(validator: Validator, name: string, value: unknown): T {
  const error = validator(name, value);
  if (error) throw badRequest(error);
  return value as T;
}

/** JSON lists of ids and of names, and one JSON integer, as Zulip's check_list(check_int) and kin. */
export const intList = validatedJson<number[]>(checkList(checkInt));
export const stringList = validatedJson<string[]>(checkList(checkString));
/** Users named by e-mail (2.1) or by id (feature level 9), one kind per list. */
export const principalList = validatedJson<string[] | number[]>(checkVariableType([checkList(checkString), checkList(checkInt)]));
export const jsonInt = validatedJson<number>(checkInt);

/** Zulip's to_non_negative_int (the parameter layer refuses what is past its column's range). */
export function nonNegativeInt(raw: string, name: string): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) throw invalidArgument(name, raw);
  return Number(text);
}
