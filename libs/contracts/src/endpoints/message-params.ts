/**
 * The message service's parameter rules and the errors they give: ids in paths, `to` as Zulip's
 * extract_recipients reads it, narrows, and message content (its NUL error and its size cap).
 * The service's domain raises the same errors and truncates content the same way, from here.
 */
import { ApiError, badRequest, invalidArgument, notFound } from '@chat/errors';
import { MAX_MESSAGE_LENGTH } from '../limits';
import * as p from '../params';

const TRUNCATION_MARK = '\n[message truncated]';

export function invalidMessage() {
  return badRequest('Invalid message(s)');
}

/** A stream that does not exist or that the caller may not reach, as Zulip's access_stream_by_id. */
export function invalidStreamId() {
  return badRequest('Invalid stream id');
}

/** Zulip's error for NUL in a message's content (the parameter layer raises it for `content`). */
export const nulInContent = () => badRequest('Message must not contain null bytes');

/** UTF-8 bytes of `text`, as Buffer.byteLength counts them (a lone surrogate is 3), without Node. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Content over 10000 bytes is cut at a character boundary and marked, so what is stored is at most
 * 10000 bytes (Zulip counts characters; the spec's limit is in bytes).
 */
export function truncateContent(content: string): string {
  if (utf8Length(content) <= MAX_MESSAGE_LENGTH) return content;
  const budget = MAX_MESSAGE_LENGTH - utf8Length(TRUNCATION_MARK);
  let bytes = 0;
  let kept = '';
  for (const char of content) {
    bytes += utf8Length(char);
    if (bytes > budget) break;
    kept += char;
  }
  return kept + TRUNCATION_MARK;
}

/** Zulip's extract_recipients: JSON if it parses, else a comma-separated list; emails or ids, not both. */
export function extractRecipients(raw: string, name = 'to'): string[] | number[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  if (typeof value === 'string') {
    value = value
      .split(',')
      .map((piece) => piece.trim())
      .filter((piece) => piece !== '');
  }
  if (!Array.isArray(value)) throw invalidArgument(name, raw);
  const items = value as unknown[];
  if (items.every((item) => typeof item === 'string')) return [...new Set(items as string[])];
  if (items.every((item) => Number.isInteger(item))) return [...new Set(items as number[])];
  throw invalidArgument(name, raw);
}

/** `to` of sends and typing notifications: stream names, emails or user ids. */
export const recipientsParam = p.custom((raw) => extractRecipients(raw), { default: [] as string[] | number[], encoding: 'plain-or-json' });

/**
 * A bare JSON integer as `to` of a send: a stream id (modern clients address a channel so), or for
 * a private message the bad value Zulip 2.1 refused in the parameter. Which one depends on `type`,
 * so the send decides; `raw` is what was sent, for that error.
 */
export interface BareIdTo {
  bareId: number;
  raw: string;
}

export type SendTo = string[] | number[] | BareIdTo;

/** `to` of POST /messages: extract_recipients' forms, and a bare stream id (extract_stream_indicator). */
export function extractSendTo(raw: string, name: string): SendTo {
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) return { bareId: Number(text), raw };
  return extractRecipients(raw, name);
}

export const sendToParam = p.custom(extractSendTo, { default: [] as SendTo, encoding: 'plain-or-json' });

/**
 * allow_empty_topic_name (feature level 334) of the reads that show topics: true shows the empty
 * topic as `""`, false (what older clients send, by leaving it out) as the realm's
 * realm_empty_topic_display_name.
 */
export const allowEmptyTopicNameParam = p.bool({
  default: false,
  description: 'Whether the empty topic is shown as `""` (true) or as `realm_empty_topic_display_name` (false).',
});

/**
 * A narrow as sent and decoded. Its terms are read by the service (domain/narrow.ts), whose errors
 * quote the text as sent.
 */
export interface NarrowParam {
  raw: string;
  value: unknown;
}

/** A narrow's term as clients send it: Zulip's dict, or the older [operator, operand] pair. */
export type NarrowTerm = { operator: string; operand: unknown; negated?: boolean } | [string, unknown];

/** The narrow's own errors say "Bad value for 'narrow'", so undecodable JSON is left to parseNarrow. */
function parseJsonLoose(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** GET /messages' narrow: decoded if it can be; the parameter layer's NUL and range checks follow. */
export function looseNarrow(raw: string): NarrowParam {
  return { raw, value: parseJsonLoose(raw) };
}

/** Whether a decoded JSON value holds a NUL character anywhere (PostgreSQL text cannot). */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasNul(k) || hasNul(v));
  return false;
}

/** The narrow of /messages/matches_narrow; one holding NUL is refused before any query sees it. */
export function checkedNarrow(raw: string, name: string): NarrowParam {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { raw, value: undefined };
  }
  if (hasNul(value)) throw invalidArgument(name, raw);
  return { raw, value };
}

/**
 * A row id in a path. Zulip's URL patterns accept only digits there; anything else is not a route
 * (404). An id past the column's range names no row: the endpoint's own `noSuchRow` error.
 */
export function pathIdParam(noSuchRow: () => ApiError) {
  return p.custom(
    (raw) => {
      if (!/^\d+$/.test(raw)) throw notFound();
      return Number(raw);
    },
    { required: true, rangeError: noSuchRow, schema: { type: 'integer' } },
  );
}

export const messageIdParam = p.doc(pathIdParam(invalidMessage), { description: 'The id of the message.', example: 42 });
/** A stream id in a path; past the column's range, as a stream that does not exist. */
export const pathStreamIdParam = pathIdParam(invalidStreamId);
