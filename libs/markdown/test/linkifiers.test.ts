/**
 * Linkifiers on RE2: linear time on patterns a backtracking engine takes exponential time on,
 * refusal of what RE2 cannot run, and Zulip's boundaries kept exactly (checked against the
 * lookaround form Zulip writes, run by JavaScript's own engine on patterns that are safe for it).
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { renderMarkdown, topicLinks } from '../src';
import { compileLinkifier, isSupportedLinkifierPattern, type CompiledLinkifier, type LinkifierMatch } from '../src/linkifiers';

const link = (href: string, text: string) => `<a href="${href}" target="_blank" title="${href}">${text}</a>`;

describe('a catastrophic pattern runs in linear time', () => {
  // (a+)+ backtracks through every split of the a's before failing: 2^30 steps at 30 a's in
  // JavaScript or Python. Without RE2 these cases would not finish before jest's timeout.
  const linkifiers = [{ id: 1, pattern: '#(?P<id>(a+)+b)', urlFormatString: 'https://example.com/%(id)s' }];

  it.each([30, 31, 40, 1000, 5000])('renders # and %i a as text, and links it once a b follows', (n) => {
    const as = 'a'.repeat(n);
    expect(renderMarkdown(`#${as}`, { linkifiers }).html).toBe(`<p>#${as}</p>`);
    expect(renderMarkdown(`see #${as}b`, { linkifiers }).html).toBe(`<p>see ${link(`https://example.com/${as}b`, `#${as}b`)}</p>`);
    expect(topicLinks(`#${as}`, linkifiers)).toEqual([]);
    expect(topicLinks(`x #${as}b`, linkifiers)).toEqual([`https://example.com/${as}b`]);
  });

  it('renders a long message of many candidates', () => {
    const content = Array.from({ length: 200 }, () => `#${'a'.repeat(40)}`).join(' ');
    expect(renderMarkdown(content, { linkifiers }).html).toBe(`<p>${content}</p>`);
  });
});

describe('re2 in worker threads', () => {
  // Rendering runs in a pool of worker threads, each loading the addon. re2 before 1.24 kept one
  // process-wide handle that every thread's load overwrote, and crashed the process (SIGSEGV) as
  // soon as a second thread loaded it. A child process, so that a crash fails this test only.
  const script = `
    const { Worker } = require('node:worker_threads');
    const code = \`
      const { parentPort, workerData } = require('node:worker_threads');
      const RE2 = require(workerData);
      const re = new RE2('#(?P<id>(a+)+b)', 'uy');
      parentPort.postMessage(re.exec('#' + 'a'.repeat(5000) + 'b').groups.id.length);
    \`;
    const run = () => new Promise((resolve, reject) => {
      const worker = new Worker(code, { eval: true, workerData: process.argv[1] });
      let length;
      worker.on('message', (m) => (length = m));
      worker.on('error', reject);
      worker.on('exit', (exit) => (exit === 0 ? resolve(length) : reject(new Error('exit ' + exit))));
    });
    (async () => {
      const lengths = [];
      for (let round = 0; round < 3; round++) lengths.push(...(await Promise.all([run(), run(), run()])));
      process.stdout.write(JSON.stringify(lengths));
    })();
  `;

  it('loads and matches in three threads at once, three times over', () => {
    const re2 = require.resolve('re2', { paths: [__dirname] });
    const child = spawnSync(process.execPath, ['-e', script, re2], { encoding: 'utf8', timeout: 30_000 });
    expect({ signal: child.signal, status: child.status, stderr: child.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
    expect(JSON.parse(child.stdout)).toEqual(Array(9).fill(5001));
  });
});

describe('patterns RE2 cannot run', () => {
  it.each([
    ['a lookahead', '#(?P<id>[0-9]+)(?=x)'],
    ['a negative lookahead', '#(?P<id>[0-9]+)(?!x)'],
    ['a lookbehind', '(?<=#)(?P<id>[0-9]+)'],
    ['a named backreference', '(?P<id>[a-z])(?P=id)'],
    ['a numbered backreference', '(?P<id>[a-z])\\1'],
    ['a possessive quantifier', 'ZUL-(?P<id>\\d++)'],
    ['a syntax error', '(?P<id>['],
    ['unbalanced parentheses that would break out of the boundaries', '(?P<a>x))|((?P<b>y)'],
    ['a program over RE2s size limit', '(?P<id>((((a{100}){100}){100}){100}))'],
  ])('refuses %s', (_what, pattern) => {
    expect(isSupportedLinkifierPattern(pattern)).toBe(false);
    expect(compileLinkifier(pattern, 'https://example.com/%(id)s')).toBeNull();
  });

  it("accepts Python's spelling: (?P<name>...), \\A, \\Z and inline flags", () => {
    for (const pattern of ['#(?P<id>[0-9]+)', '\\A#(?P<id>\\d+)\\Z', '(?i)ZUL-(?P<id>\\d+)'])
      expect(isSupportedLinkifierPattern(pattern)).toBe(true);
    const linkifiers = [{ id: 1, pattern: '(?i)zul-(?P<id>\\d+)\\Z', urlFormatString: 'https://example.com/%(id)s' }];
    expect(topicLinks('ZUL-12', linkifiers)).toEqual(['https://example.com/12']);
    expect(topicLinks('ZUL-12 x', linkifiers)).toEqual([]);
  });

  it('skips a refused pattern among the others when rendering, without throwing', () => {
    const linkifiers = [
      { id: 1, pattern: '#(?P<id>[0-9]+)(?!x)', urlFormatString: 'https://refused.example.com/%(id)s' },
      { id: 2, pattern: '#(?P<id>[0-9]+)', urlFormatString: 'https://example.com/%(id)s' },
    ];
    expect(renderMarkdown('#5', { linkifiers }).html).toBe(`<p>${link('https://example.com/5', '#5')}</p>`);
    expect(topicLinks('#5', linkifiers)).toEqual(['https://example.com/5']);
  });
});

describe("Zulip's boundaries without lookaround", () => {
  const trac = compileLinkifier('#(?P<id>[0-9]+)', 'https://example.com/%(id)s')!;

  it('starts after whitespace, one of \' " ( , : < or the start, in topics', () => {
    const starts = ['', ' ', '\t', '\n', '\u00a0', '\u3000', "'", '"', '(', ',', ':', '<'];
    for (const before of starts) expect([before, trac.matchAll(`${before}#1`).map((m) => m.text)]).toEqual([before, ['#1']]);
    for (const before of ['a', '_', '1', '-', '.', ')', '>', '#', 'é', '\ufeff'])
      expect([before, trac.matchAll(`${before}#1`)]).toEqual([before, []]);
  });

  it('is not followed by a word character (Unicode letters and digits, _)', () => {
    for (const after of ['', ' ', '.', ',', '-', ')', '!', '\n', '😀'])
      expect([after, trac.matchAll(`#12${after}`).map((m) => m.text)]).toEqual([after, ['#12']]);
    for (const after of ['a', '_', 'é', 'я', '٣']) expect([after, trac.matchAll(`#12${after}`)]).toEqual([after, []]);
  });

  it('takes a shorter match that no word character follows, as the lookahead did', () => {
    const dashed = compileLinkifier('(?P<id>\\d+-?)', 'https://example.com/%(id)s')!;
    expect(dashed.matchAt('12-x', 0)).toEqual({ index: 0, text: '12', groups: { id: '12' } });
    expect(dashed.matchAll('12- 34-x')).toMatchObject([
      { index: 0, text: '12-' },
      { index: 4, text: '34' },
    ]);
  });

  it('finds adjacent matches that share a boundary character, and fills the URL from the groups', () => {
    expect(trac.matchAll('#1 #2,#3:(#4)')).toMatchObject([
      { index: 0, text: '#1' },
      { index: 3, text: '#2' },
      { index: 6, text: '#3' },
      { index: 10, text: '#4' },
    ]);
    const github = [
      {
        id: 1,
        pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)',
        urlFormatString: 'https://github.com/%(org)s/%(repo)s/issues/%(id)s',
      },
    ];
    expect(topicLinks('fix zulip/zulip#2.', github)).toEqual(['https://github.com/zulip/zulip/issues/2']);
  });

  it('counts positions in UTF-16 units around astral characters', () => {
    expect(trac.matchAll('😀 #1 😀#2 #3')).toMatchObject([
      { index: 3, text: '#1' },
      { index: 11, text: '#3' },
    ]);
    expect(trac.matchAt('😀 #7', 3)).toMatchObject({ index: 3, text: '#7', groups: { id: '7' } });
    expect(
      renderMarkdown('😀 #7', { linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', urlFormatString: 'https://example.com/%(id)s' }] }).html,
    ).toBe(
      `<p><span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span> ${link('https://example.com/7', '#7')}</p>`,
    );
  });

  // The same patterns as Zulip writes them (lookbehind, lookahead), run by JavaScript's engine:
  // safe here, since none of them backtracks badly.
  const WORD = '[\\p{L}\\p{N}_]';
  const NOT_BOUNDARY = '[^\\t-\\r\\x1c-\\x20\\x85\\p{Z}\'"(,:<]';
  const jsPattern = (pattern: string) => pattern.replace(/\(\?P</g, '(?<');
  const midPair = (text: string, index: number) =>
    /[\udc00-\udfff]/.test(text[index] ?? '') && /[\ud800-\udbff]/.test(text[index - 1] ?? '');
  // JavaScript finds empty matches between the halves of a surrogate pair; Python's strings have
  // no such positions.
  const lookaroundAll = (pattern: string, text: string): LinkifierMatch[] =>
    [...text.matchAll(new RegExp(`(?<!${NOT_BOUNDARY})(?:${jsPattern(pattern)})(?!${WORD})`, 'gu'))]
      .filter((m) => !midPair(text, m.index))
      .map((m) => ({ index: m.index, text: m[0], groups: m.groups ? { ...m.groups } : undefined }));
  const lookaroundAt = (pattern: string, text: string, pos: number): LinkifierMatch | null => {
    const re = new RegExp(`(?:${jsPattern(pattern)})(?!${WORD})`, 'uy');
    re.lastIndex = pos;
    const m = re.exec(text);
    return m && m[0] !== '' ? { index: pos, text: m[0], groups: m.groups ? { ...m.groups } : undefined } : null;
  };
  const plain = (m: LinkifierMatch | null) => m && { ...m, groups: m.groups ? { ...m.groups } : undefined };

  const PATTERNS = [
    '#(?P<id>[0-9]+)',
    '(?P<id>\\d+-?)',
    '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)',
    'ZUL-(?P<id>\\d*)',
    '(?P<id>a|ab|abc)',
    '(?P<w>[a-z]+)(?P<tail>_x)?',
    '(?P<any>.{1,3}?)',
    '(?P<empty>b*)',
  ];
  const CHARS = ['a', 'b', 'c', 'x', '_', '1', '2', '#', '-', '/', ' ', '(', ':', '<', "'", '.', 'é', '\n', '\u00a0', '😀', 'Z', 'U', 'L'];
  const texts = fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((chars) => chars.join(''));

  it.each(PATTERNS)("matches as Zulip's lookaround form of %s does, in topics and at each position", (pattern) => {
    const compiled: CompiledLinkifier = compileLinkifier(pattern, '')!;
    fc.assert(
      fc.property(texts, (text) => {
        expect(compiled.matchAll(text).map(plain)).toEqual(lookaroundAll(pattern, text));
        for (let pos = 0; pos <= text.length; pos++) {
          if (midPair(text, pos)) continue;
          expect(plain(compiled.matchAt(text, pos))).toEqual(lookaroundAt(pattern, text, pos));
        }
      }),
      { seed: 20261124, numRuns: 400 },
    );
  });
});
