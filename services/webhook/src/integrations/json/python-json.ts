/**
 * A payload written back out exactly as Python's `json.dumps(payload, indent=2)` writes it, which
 * is what Zulip's JSON integration posts: keys in the order sent (a repeated key keeps its first
 * place and its last value), integers with all their digits, floats as Python's repr, and every
 * character outside printable ASCII escaped. JSON.stringify differs on each of these.
 */
import { parseJson } from '../../framework/payload';

/** A JSON value with its numbers as written and its keys in order. */
type Value = null | boolean | string | { number: string } | Value[] | Map<string, Value>;

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  /** A comma, unless it trails the last item (the framework's parser allows that too). */
  private separator(close: string): boolean {
    this.skipSpace();
    if (this.text[this.at] !== ',') return false;
    this.at++;
    this.skipSpace();
    return this.text[this.at] !== close;
  }

  private string(): string {
    const start = this.at;
    this.at++;
    while (this.text[this.at] !== '"') this.at += this.text[this.at] === '\\' ? 2 : 1;
    this.at++;
    return JSON.parse(this.text.slice(start, this.at)) as string;
  }

  value(): Value {
    this.skipSpace();
    const ch = this.text[this.at]!;
    if (ch === '"') return this.string();
    if (ch === '{') {
      this.at++;
      const entries = new Map<string, Value>();
      this.skipSpace();
      if (this.text[this.at] !== '}') {
        do {
          this.skipSpace();
          const key = this.string();
          this.skipSpace();
          this.at++; // the colon
          entries.set(key, this.value());
        } while (this.separator('}'));
      }
      this.skipSpace();
      this.at++;
      return entries;
    }
    if (ch === '[') {
      this.at++;
      const items: Value[] = [];
      this.skipSpace();
      if (this.text[this.at] !== ']') {
        do items.push(this.value());
        while (this.separator(']'));
      }
      this.skipSpace();
      this.at++;
      return items;
    }
    const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.at, this.at + 400))![0];
    this.at += literal.length;
    if (literal === 'true' || literal === 'false') return literal === 'true';
    if (literal === 'null') return null;
    return { number: literal };
  }
}

/** Python's float repr: the shortest digits that read back the same, in exponent form past 1e16 or below 1e-4. */
function floatRepr(value: number): string {
  if (Object.is(value, -0)) return '-0.0';
  if (value === 0) return '0.0';
  const [mantissa, exp] = value.toExponential().split('e') as [string, string];
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const point = Number(exp) + 1; // digits × 10^(point - digits.length)
  if (point < -3 || point > 16) {
    const e = Number(exp);
    const tail = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${tail}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function numberText(raw: string): string {
  if (/^-?\d+$/.test(raw)) return BigInt(raw).toString();
  const value = Number(raw);
  return Number.isFinite(value) ? floatRepr(value) : value > 0 ? 'Infinity' : '-Infinity';
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** Printable ASCII as is; anything else as \uXXXX (characters past U+FFFF as their surrogate pair). */
function quote(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES[ch] !== undefined) out += SHORT_ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function dump(value: Value, indent: string): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return quote(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + dump(item, inner)).join(',\n')}\n${indent}]`;
  }
  if (value instanceof Map) {
    if (value.size === 0) return '{}';
    const lines = [...value].map(([key, item]) => `${inner}${quote(key)}: ${dump(item, inner)}`);
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return numberText(value.number);
}

/** The body as Python would print the parsed payload with indent=2; malformed JSON is the usual 400. */
export function pythonIndentedJson(body: Buffer | string): { text: string; isObject: boolean } {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  parseJson(text); // Answers malformed or too deeply nested JSON as the framework does.
  const value = new Reader(text).value();
  return { text: dump(value, ''), isObject: value instanceof Map };
}
