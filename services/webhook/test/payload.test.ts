/** JSON as Zulip's parser reads it, and field access that never crashes on odd payloads. */
import { dig, optString, parseJson, parseJsonObject, requireString } from '../src/framework/payload';

describe('parseJson', () => {
  it('accepts trailing commas in objects and arrays, as ujson does', () => {
    expect(parseJson('{"a": [1, 2, ], "b": {"c": 1,},\n}')).toEqual({ a: [1, 2], b: { c: 1 } });
  });

  it('keeps commas and brackets inside strings', () => {
    expect(parseJson('{"a": "x, }", "b": "q\\", ]",}')).toEqual({ a: 'x, }', b: 'q", ]' });
  });

  it('answers anything else that is not JSON with Malformed JSON', () => {
    for (const text of ['', '{', 'a=b', '{"a": 1,,}', '[,]']) {
      expect(() => parseJson(text)).toThrow(expect.objectContaining({ message: 'Malformed JSON', code: 'INVALID_JSON' }));
    }
  });

  it('refuses nesting deeper than ujson does (1024), which would overflow the stack later', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(() => parseJson(deep(1025))).toThrow(expect.objectContaining({ message: 'Malformed JSON', code: 'INVALID_JSON' }));
    expect(() => parseJson(`{"a": "${'['.repeat(2000)}"}`)).not.toThrow();
    expect(JSON.stringify(parseJson(deep(1024)), null, 2)).toContain('[]');
  });

  it('treats a non-object payload as one without fields', () => {
    expect(parseJsonObject('[1]')).toEqual({});
  });
});

describe('fields', () => {
  const payload = { a: { b: 'x', n: 3, o: {} }, nul: null } as const;
  it('reads nested fields and reports the missing one by its path', () => {
    expect(dig(payload, 'a.b')).toBe('x');
    expect(requireString(payload, 'a.n')).toBe('3');
    expect(() => requireString(payload, 'a.c')).toThrow("Missing 'a.c' argument");
    expect(() => requireString(payload, 'nul')).toThrow("Missing 'nul' argument");
    expect(() => requireString(payload, 'a.o')).toThrow("Bad value for 'a.o'");
    expect(optString(payload, 'a.o', 'd')).toBe('d');
  });
});

describe('parseJson on large malformed bodies', () => {
  it('stays linear (a megabyte of commas is refused quickly)', () => {
    const started = Date.now();
    expect(() => parseJson(`[${'1,'.repeat(500_000)}`)).toThrow('Malformed JSON');
    expect(() => parseJson(`[${' ,'.repeat(500_000)}]`)).toThrow('Malformed JSON');
    // Linear takes well under a second alone; a quadratic parse of these inputs would take
    // minutes. The bound only tells the two apart: in the full in-band run, garbage collection of
    // the jest process's heap has stretched the linear one past 2 s.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
