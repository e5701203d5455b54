/**
 * fast-check arbitraries for the raw bytes of one parameter value. Values are Buffers, not
 * strings, so a request can carry what no well-behaved client would: invalid and overlong UTF-8,
 * surrogate halves, NUL.
 */
import fc from 'fast-check';
import type { ParamKind } from './malformed-input.catalogue';

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
const bytes = (...values: number[]): Buffer => Buffer.from(values);
const text = (values: string[]): fc.Arbitrary<Buffer> => fc.constantFrom(...values).map(utf8);

/** What a well-behaved client sends for the kind: the request then fails (or not) elsewhere. */
function plausible(kind: ParamKind): fc.Arbitrary<Buffer> {
  switch (kind) {
    case 'integer':
      return fc.integer({ min: -2, max: 60 }).map((n) => utf8(String(n)));
    case 'boolean':
      return text(['true', 'false']);
    case 'string':
      return fc.oneof(
        text(['hello', 'Verona', 'denmark', 'stream', 'private', 'iago@zulip.com', 'hamlet@zulip.com', 'smile']),
        fc.string({ maxLength: 12 }).map(utf8),
      );
    case 'json':
      return text([
        '[]',
        '{}',
        '[1,2]',
        '["Verona"]',
        '[{"operator":"stream","operand":"Verona"}]',
        '["hamlet@zulip.com"]',
        '{"name":"x"}',
        '[{"name":"Verona"}]',
        '"x"',
        '1',
        'null',
      ]);
  }
}

const wrongTypes = text([
  'abc',
  '1.5',
  '-0',
  '+1',
  ' 7',
  '0x1f',
  '1_000',
  'true',
  'True',
  'null',
  'NaN',
  'Infinity',
  '[]',
  '{}',
  '[1]',
  '{"a":1}',
  '"1"',
  '',
  ' ',
  'undefined',
  '1,2,3',
]);

const hugeValues = fc.oneof(
  text([
    '9007199254740993',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775809',
    '2147483648',
    '-2147483649',
    '1e308',
    '-1e308',
    '1e309',
    '4.9e-324',
    '[1e308]',
    '[9223372036854775808]',
    '{"a":1e999}',
  ]),
  fc.integer({ min: 20, max: 400 }).map((n) => utf8('9'.repeat(n))),
  fc.integer({ min: 1000, max: 6000 }).map((n) => utf8('x'.repeat(n))),
  fc.integer({ min: 1000, max: 6000 }).map((n) => utf8('é'.repeat(n))),
);

const brokenJson = fc.oneof(
  text([
    '[1,2',
    '{"a":',
    '[1,]',
    "{'a':1}",
    '{"a" 1}',
    '[',
    ']',
    '{',
    '}',
    '"unterminated',
    '[NaN]',
    '[undefined]',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '[[[[[[[[[[]]]]]]]]]]',
    '[null]',
    '[{}]',
    '[[]]',
    '[-1]',
    '[0]',
    '[true]',
    '["\\u0000"]',
    '"\\ud800"',
    '["\\udfff"]',
    '{"operator":"stream"}',
    '[{"operator":1,"operand":[]}]',
    '[["stream"]]',
    '[[1,2,3]]',
  ]),
  // Deep nesting: a recursive validator or renderer would overflow the stack.
  fc.integer({ min: 500, max: 5000 }).map((n) => utf8(`${'['.repeat(n)}${']'.repeat(n)}`)),
  fc.integer({ min: 200, max: 2000 }).map((n) => utf8(`[${Array.from({ length: n }, (_v, i) => i).join(',')}]`)),
);

const unicodeEdges = fc.oneof(
  text([
    '\u0000',
    'a\u0000b',
    '\u202eevil\u202c',
    '\u200f\u200e',
    '\ufeff',
    '👨‍👩‍👧‍👦',
    '🏳️‍🌈',
    'e\u0301\u0301\u0301',
    '\u{10ffff}',
    '\uffff',
    '\u2028\u2029',
    '\u001b[31m',
    '\r\n',
    '%',
    '%00',
    '\\',
    '"',
    "'",
    '<script>',
    'Ω≈ç√',
    '\u0085',
  ]),
  // Not valid UTF-8 at all: surrogate halves, overlong encodings of '/' and NUL, past U+10FFFF, truncations.
  fc.constantFrom(
    bytes(0xed, 0xa0, 0x80),
    bytes(0xed, 0xbf, 0xbf),
    bytes(0xc0, 0xaf),
    bytes(0xc0, 0x80),
    bytes(0xe0, 0x80, 0xaf),
    bytes(0xf4, 0x90, 0x80, 0x80),
    bytes(0xff, 0xfe),
    bytes(0xe2, 0x82),
    bytes(0x80),
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(utf8),
  fc.string({ unit: 'binary', maxLength: 20 }).map(utf8),
);

export type ValueClass = 'plausible' | 'wrong-type' | 'huge' | 'broken-json' | 'unicode';

/** One value for a parameter of `kind`, tagged with the class it was drawn from. */
export function valueFor(kind: ParamKind): fc.Arbitrary<{ value: Buffer; cls: ValueClass }> {
  const tag = (cls: ValueClass) => (value: Buffer) => ({ value, cls });
  return fc.oneof(
    { weight: 3, arbitrary: plausible(kind).map(tag('plausible')) },
    { weight: 2, arbitrary: wrongTypes.map(tag('wrong-type')) },
    { weight: 2, arbitrary: hugeValues.map(tag('huge')) },
    { weight: kind === 'json' ? 3 : 1, arbitrary: brokenJson.map(tag('broken-json')) },
    { weight: 2, arbitrary: unicodeEdges.map(tag('unicode')) },
  );
}

/** Ids for a path segment: some name rows that exist (`valid`), most do not or are not ids. */
export function pathValue(valid: readonly string[]): fc.Arbitrary<Buffer> {
  const invalid = fc.oneof(
    text(['0', '-1', '9223372036854775808', '99999999999999999999999', '1e308', 'abc', '1.5', 'NaN', 'me', '%20', ' 1', '１２']),
    hugeValues,
    unicodeEdges,
  );
  if (valid.length === 0) return invalid;
  return fc.oneof({ weight: 1, arbitrary: text([...valid]) }, { weight: 1, arbitrary: invalid });
}

/** Parameter names besides the declared ones: prototype keys, bracket syntax, garbage. */
export const strayName = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a[b]',
  'a[]',
  'a[0][1]',
  '',
  '\u0000',
  '🙂',
  'x'.repeat(300),
);

/** Percent-encodes every byte outside the unreserved set, so any Buffer travels as sent. */
export function percentEncode(value: Buffer): string {
  let out = '';
  for (const byte of value) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
