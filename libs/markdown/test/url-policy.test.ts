/**
 * Every URL the renderer writes goes through one policy (src/url-policy.ts). Each hostile URL of
 * ./hostile-urls.ts is put in every place a URL can come from: a markdown link, bare text, a
 * linkifier's URL format string (as an administrator writes it), a linkifier's matched group, the
 * topic's links, a realm emoji's source, !avatar and the removed !modal_link. What a client would
 * follow is then read from the HTML as a browser reads it (./rendered-html.ts), and a property
 * test does the same for arbitrary messages built from the pieces these attacks are made of.
 */
import fc from 'fast-check';
import { renderMarkdown, topicLinks, type Linkifier, type MarkdownContext } from '../src';
import { sanitizeUrl } from '../src/url-policy';
import { HOSTILE_URLS } from './hostile-urls';
import { elements, htmlProblems, urlProblem } from './rendered-html';

/** What an administrator could have stored before URL format strings were checked (or by SQL). */
function linkifiersFor(url: string): Linkifier[] {
  return [
    { id: 1, pattern: '#(?P<id>[0-9]+)', urlFormatString: `${url}%(id)s` },
    { id: 2, pattern: 'go:(?P<target>\\S+)', urlFormatString: '%(target)s' },
  ];
}

function contextFor(url: string): MarkdownContext {
  return {
    linkifiers: linkifiersFor(url),
    realmEmoji: [{ name: 'hostile', sourceUrl: url }],
    streams: [{ id: 3, name: 'Denmark' }],
  };
}

/** The messages that carry `url` to each place a URL is written. */
function messagesCarrying(url: string): string[] {
  const oneLine = url.replace(/\n/g, ' ');
  return [
    `[x](${url})`,
    `[x](<${oneLine}>)`,
    `[](${url})`,
    `see ${url} now`,
    `${url}`,
    `${url}.png`,
    `[x](${url}.png)`,
    'ticket #42',
    `go:${url}`,
    ':hostile:',
    `!avatar(${url})`,
    `!gravatar(${url})`,
    `!modal_link(${url}, click me)`,
    `> [quoted](${url})\n\n* [listed](${url})`,
    `#**Denmark>${url}**`,
  ];
}

describe('the hostile URL corpus, in every place a URL is written', () => {
  it.each(HOSTILE_URLS.map((h) => [h.why, h.url] as const))('%s: %j', (_why, url) => {
    const context = contextFor(url);
    const found: Record<string, string[]> = {};
    for (const message of messagesCarrying(url)) {
      const problems = htmlProblems(renderMarkdown(message, context).html);
      if (problems.length > 0) found[message] = problems;
    }
    for (const link of topicLinks(`#7 and go:${url}`, linkifiersFor(url))) {
      const problem = urlProblem(link);
      if (problem) found[`topic link ${link}`] = [problem];
    }
    expect(found).toEqual({});
  });
});

describe('sanitizeUrl, the policy itself', () => {
  it.each(HOSTILE_URLS.map((h) => [h.why, h.url] as const))('refuses or defuses %s', (_why, url) => {
    const safe = sanitizeUrl(url);
    if (safe !== null) expect(urlProblem(safe)).toBeNull();
  });

  it('reads the scheme as a browser does: controls and spaces around it, tabs and newlines in it', () => {
    for (const url of [' javascript:x', '\u0001javascript:x', 'java\tscript:x', 'java\nscript:x', 'JAVASCRIPT:x', 'javascript:x\u0000']) {
      expect(sanitizeUrl(url)).toBeNull();
    }
    expect(sanitizeUrl('\u0001https://example.com/a b\u0000c ')).toBe('https://example.com/a%20b%00c');
  });

  it('writes no reference relative to the scheme', () => {
    expect(sanitizeUrl('//example.com/a')).toBe('http://example.com/a');
    expect(sanitizeUrl('/\\example.com/a')).toBe('http://example.com/a');
    expect(sanitizeUrl('\\\\example.com')).toBe('http://example.com');
    expect(sanitizeUrl('/user_uploads/1/a.png')).toBe('/user_uploads/1/a.png');
  });

  it('is idempotent, and what it returns a browser follows safely, for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'binary' }), fc.constantFrom(...HOSTILE_URLS.map((h) => h.url))),
        (url) => {
          const safe = sanitizeUrl(url);
          if (safe === null) return;
          expect(sanitizeUrl(safe)).toBe(safe);
          expect(urlProblem(safe)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('!modal_link, removed as in Zulip (CVE-2020-9445)', () => {
  it('stays text, whatever it points at', () => {
    for (const target of ['javascript:alert(1)', 'javascript:window.onerror=alert;throw 1', 'data:text/html;base64,PHNjcmlwdD4=']) {
      expect(renderMarkdown(`!modal_link(${target}, click me)`).html).toBe(`<p>!modal_link(${target}, click me)</p>`);
    }
    expect(renderMarkdown('!modal_link(#settings, Settings page)').html).toBe('<p>!modal_link(#settings, Settings page)</p>');
  });
});

describe('links that are not refused', () => {
  const link = (href: string, text: string, tab = true) => `<a href="${href}"${tab ? ' target="_blank"' : ''} title="${href}">${text}</a>`;

  it('writes scheme-relative references as web addresses of the host they name', () => {
    expect(renderMarkdown('[x](//example.com/a)').html).toBe(`<p>${link('http://example.com/a', 'x')}</p>`);
    expect(renderMarkdown('[x](/\\example.com/a)').html).toBe(`<p>${link('http://example.com/a', 'x')}</p>`);
  });

  it('keeps paths, fragments, e-mail addresses and the safelisted schemes', () => {
    expect(renderMarkdown('[x](/user_uploads/2/ab/a.txt)').html).toBe(
      '<p><a href="/user_uploads/2/ab/a.txt" target="_blank" title="a.txt">x</a></p>',
    );
    expect(renderMarkdown('[x](#narrow/stream/3-Denmark)').html).toBe(`<p>${link('#narrow/stream/3-Denmark', 'x', false)}</p>`);
    expect(renderMarkdown('[x](hamlet@example.com)').html).toBe(`<p>${link('mailto:hamlet@example.com', 'x')}</p>`);
    expect(renderMarkdown('[call](tel:+15551234)').html).toBe(`<p>${link('tel:+15551234', 'call')}</p>`);
  });

  it('makes a linkifier whose URL the policy refuses leave its text alone, in messages and topics', () => {
    const linkifiers = [{ id: 1, pattern: '#(?P<id>[0-9]+)', urlFormatString: 'javascript:alert(%(id)s)' }];
    expect(renderMarkdown('see #12', { linkifiers }).html).toBe('<p>see #12</p>');
    expect(topicLinks('#12', linkifiers)).toEqual([]);
  });

  it('shows a realm emoji whose source the policy refuses as its name', () => {
    expect(renderMarkdown(':bad:', { realmEmoji: [{ name: 'bad', sourceUrl: 'javascript:alert(1)' }] }).html).toBe('<p>:bad:</p>');
  });
});

/** What hostile URLs are made of: schemes, entities, controls, slashes, look-alikes. */
const URL_PIECES = [
  'javascript',
  'JaVa',
  'script',
  'data',
  'vbscript',
  'http',
  'https',
  'mailto',
  ':',
  '//',
  '/',
  '\\',
  '#',
  '@',
  '?',
  '%0a',
  '%3A',
  '&#106;',
  '&#x09;',
  '&colon;',
  '&Tab;',
  '&#1;',
  '&amp;',
  '\t',
  '\n',
  '\u0001',
  '\u0000',
  '\u000c',
  ' ',
  '\u200b',
  '\uff4a',
  'alert(1)',
  'example.com',
  'evil.example',
  '.png',
  '/user_uploads/',
  '"',
  "'",
  '<',
  '>',
];
const urlish = fc
  .array(fc.oneof(fc.constantFrom(...URL_PIECES), fc.string({ unit: 'binary-ascii', maxLength: 3 })), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));

/** Markdown around them: every syntax that writes a URL, and some that must not. */
const SYNTAX = [
  '[',
  ']',
  '(',
  ')',
  '](',
  '!avatar(',
  '!modal_link(',
  ', ',
  ':hostile:',
  '#12',
  '**',
  '`',
  '```',
  '\n',
  '\n\n',
  '> ',
  '* ',
  '    ',
  ' ',
  '| a |\n|:-:|\n| ',
  '~~~ quote\n',
  '```py\n',
];
const message = fc
  .array(
    fc.oneof(
      fc.constantFrom(...SYNTAX),
      urlish,
      urlish.map((u) => `[x](${u})`),
      urlish.map((u) => `[x](<${u}>)`),
      urlish.map((u) => ` ${u} `),
      urlish.map((u) => `go:${u}`),
      urlish.map((u) => `!avatar(${u})`),
      urlish.map((u) => `!modal_link(${u}, y)`),
      urlish.map((u) => `#**Denmark>${u}**`),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
/** What an administrator may have stored as a linkifier's URL or a realm emoji's source. */
const stored = fc.oneof(fc.constantFrom(...HOSTILE_URLS.map((h) => h.url)), urlish);

describe('property: no message renders a URL a client would follow into script or off-site unawares', () => {
  it('for arbitrary messages, with hostile linkifiers and realm emoji stored', () => {
    fc.assert(
      fc.property(message, stored, (content, url) => {
        const html = renderMarkdown(content, contextFor(url)).html;
        expect(htmlProblems(html)).toEqual([]);
      }),
      { numRuns: 600 },
    );
  });

  it('for arbitrary topics', () => {
    fc.assert(
      fc.property(message, stored, (topic, url) => {
        for (const link of topicLinks(topic, linkifiersFor(url))) expect(urlProblem(link)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('is checked by an oracle that does catch what it looks for', () => {
    expect(htmlProblems('<a href="java&#x09;script:alert(1)">x</a>')).toHaveLength(1);
    expect(htmlProblems('<a href="/\\evil.example">x</a>')).toHaveLength(1);
    expect(htmlProblems('<img src="data:image/png;base64,AA">')).toHaveLength(1);
    expect(htmlProblems('<p onclick="x">x</p><script></script>')).toEqual(['<script>', 'p[onclick]']);
    expect([...elements('<p><a href="https://example.com">x</a></p>')].map((e) => e.tagName)).toEqual(['p', 'a']);
  });
});
