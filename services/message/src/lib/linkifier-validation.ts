/**
 * Zulip's validators of a linkifier's pattern and URL format string (filter_pattern_validator,
 * filter_format_validator and Django's URLValidator), with their messages.
 */
import RE2 from 're2';
import { ApiError } from '@chat/errors';
import { isSupportedLinkifierPattern } from '@chat/markdown';

const BLANK = 'This field cannot be blank.';
export const INVALID_PATTERN = 'Invalid filter pattern.  Valid characters are [ a-zA-Z_#=/:+!-].';
export const INVALID_URL = 'Enter a valid URL.';
export const INVALID_FORMAT = 'Invalid URL format string.';
export const DUPLICATE = 'Realm filter with this Realm and Pattern already exists.';

const WORD = '[\\p{L}\\p{N}_]';
/**
 * Zulip's filter_pattern_validator: literal text from a small alphabet, each run followed by a
 * named group, the pattern ending with a group. On RE2 too: `(...(.+\))+` backtracks
 * exponentially on a backtracking engine (26 repeated groups and a stray character took 0.7 s,
 * doubling with each group).
 */
const PATTERN_SHAPE = new RE2(`^(?:(?:[\\p{L}\\p{N}_\\-#= /:]*|[+]|[!])(\\(\\?P<${WORD}+>.+\\)))+$`, 'u');
/** Zulip's filter_format_validator: URL text with at least one %(name)s field. */
const FORMAT_SHAPE = /^(?:[./:a-zA-Z0-9#_?=&;-]+%\(([a-zA-Z0-9_-]+)\)s)+[/a-zA-Z0-9#_?=&;-]*$/;
/** Django's URLValidator, in short: a web or FTP scheme, a host, an optional port and path. */
const URL_SHAPE = new RegExp(
  '^(?:https?|ftps?)://' +
    '(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?' +
    '(?:localhost|\\d{1,3}(?:\\.\\d{1,3}){3}|\\[[0-9a-f:.]+\\]|' +
    '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?(?:\\.(?!-)[\\p{L}\\p{N}-]{1,63}(?<!-))*\\.(?!-)(?:[\\p{L}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?)' +
    '(?::\\d{2,5})?' +
    '(?:[/?#]\\S*)?$',
  'iu',
);

/**
 * Zulip 2.1 answers a pattern Python cannot compile with the same message as a malformed one.
 * Here the pattern must compile on RE2, which linkifiers run on (linear time): lookaround and
 * backreferences are refused, as Zulip itself does since it moved linkifiers to RE2.
 */
function patternErrors(pattern: string): string[] {
  if (pattern === '') return [BLANK];
  if (!PATTERN_SHAPE.test(pattern) || !isSupportedLinkifierPattern(pattern)) return [INVALID_PATTERN];
  return [];
}

function urlErrors(url: string): string[] {
  if (url === '') return [BLANK];
  const errors: string[] = [];
  if (!URL_SHAPE.test(url)) errors.push(INVALID_URL);
  if (!FORMAT_SHAPE.test(url)) errors.push(INVALID_FORMAT);
  return errors;
}

/**
 * Zulip answers a failed model validation with json_error: the first message as `msg` (no code)
 * and every field's messages under `errors`.
 */
export function validationError(errors: Record<string, string[]>): ApiError {
  const first = Object.values(errors)[0]![0]!;
  return new ApiError(first, { extra: { errors } });
}

/** Every field's messages, by field name; empty when both are valid. */
export function linkifierErrors(pattern: string, urlFormatString: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const onPattern = patternErrors(pattern);
  const onUrl = urlErrors(urlFormatString);
  if (onPattern.length > 0) errors.pattern = onPattern;
  if (onUrl.length > 0) errors.url_format_string = onUrl;
  return errors;
}
