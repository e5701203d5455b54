/**
 * The `anchor` of GET /messages as Zulip reads it (parse_anchor_value): a message id, as Zulip 2.1
 * clients send it (10^16 meaning "the newest end"), or since feature level 1 one of three words,
 * sent raw. The words are resolved by the service, which knows where the first unread message is.
 */
import { invalidArgument } from '@chat/errors';
import * as p from '../params';

export const ANCHOR_WORDS = ['newest', 'oldest', 'first_unread'] as const;
export type AnchorWord = (typeof ANCHOR_WORDS)[number];

function isAnchorWord(raw: string): raw is AnchorWord {
  return (ANCHOR_WORDS as readonly string[]).includes(raw);
}

/**
 * A word as it is, or an integer. Anything else keeps Zulip 2.1's "Bad value for 'anchor'" (an
 * integer parameter's error then), which a 2.1 client may rely on.
 */
export function parseAnchor(raw: string, name: string): number | AnchorWord {
  if (isAnchorWord(raw)) return raw;
  const text = raw.trim();
  if (!/^-?\d+$/.test(text)) throw invalidArgument(name, raw);
  // Past 2^53 precision is lost but not the magnitude; the parameter layer judges the range by
  // the exact text.
  return Number(text);
}

// Any 64-bit value is taken and compared as an id: clients send 10^16 for "newest".
const anchorOptions = {
  range: p.INT64,
  // Sent as it is, not JSON-encoded; the conversion admits only the three words as strings.
  schema: { type: ['integer', 'string'] },
  description:
    'Where the range starts: a message id, or `newest`, `oldest` or `first_unread`. A message id that is not in the narrow picks the nearest one.',
  example: 'newest',
};
export const anchorParam = p.custom(parseAnchor, anchorOptions);
export const requiredAnchorParam = p.custom(parseAnchor, { ...anchorOptions, required: true });
