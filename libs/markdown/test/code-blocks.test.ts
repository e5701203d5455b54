/**
 * Code blocks in today's Zulip markup (zerver/lib/markdown/fenced_code.py with Pygments' HTML):
 * `<div class="codehilite" data-code-language="..."><pre><span></span><code>...</code></pre></div>`,
 * the attribute only when the fence names a language, its value the Pygments lexer's name. The
 * mobile app (zulip-flutter) parses exactly this shape and shows anything else as unsupported
 * content; ./zulip-flutter-content.ts holds its acceptance rules.
 */
import fc from 'fast-check';
import { renderMarkdown } from '../src';
import { codeBlocks, unsupportedBlocks } from './zulip-flutter-content';

const html = (content: string) => renderMarkdown(content).html;
const plain = (text: string) => [{ text, type: 'text' }];

describe('code block markup', () => {
  it('writes a fence without a language as Zulip does (the mobile app\u2019s own example)', () => {
    expect(html('```\nverb\natim\n```')).toBe('<div class="codehilite"><pre><span></span><code>verb\natim\n</code></pre></div>');
  });

  it('names the Pygments lexer of a fence\u2019s language in data-code-language', () => {
    expect(html('```dart\nclass A {}\n```')).toBe(
      '<div class="codehilite" data-code-language="Dart"><pre><span></span><code>class A {}\n</code></pre></div>',
    );
    const language = (fence: string) => /data-code-language="([^"]*)"/.exec(html(`${fence}\nx\n\`\`\``))?.[1];
    expect(language('```py')).toBe('Python');
    expect(language('```python3')).toBe('Python');
    expect(language('```JS')).toBe('JavaScript');
    expect(language('~~~ {.c++}')).toBe('C++');
    // No Pygments lexer: the language as written, lower-cased (Zulip's playground hook).
    expect(language('```MyLang')).toBe('mylang');
    expect(language('```')).toBeUndefined();
  });

  it('writes an indented code block the same way, without a language', () => {
    expect(html('    code block.\n\nsome content')).toBe(
      '<div class="codehilite"><pre><span></span><code>code block.\n</code></pre></div>\n\n\n<p>some content</p>',
    );
  });

  it('escapes < > & and both quotes as Pygments does', () => {
    expect(html('```\n<b> & "q" \'a\'\n```')).toBe(
      '<div class="codehilite"><pre><span></span><code>&lt;b&gt; &amp; &quot;q&quot; &#39;a&#39;\n</code></pre></div>',
    );
  });
});

describe('what the mobile app (zulip-flutter) parses from our code blocks', () => {
  const cases: [string, string, string[]][] = [
    ['a fence without a language', '```\nverb\natim\n```', ['verb\natim']],
    ['a fence with a language', '```rust\nfn main() {\n    print!("Hello ");\n}\n```', ['fn main() {\n    print!("Hello ");\n}']],
    ['an indented code block', 'before\n\n    code block.\n\nafter', ['code block.']],
    ['a fence inside a quote', '~~~ quote\nthey said:\n```\nquoted code\n```\n~~~', ['quoted code']],
    ['an indented block inside a quote', '> quote\n>\n>     indented in quote', ['indented in quote']],
    ['an indented block inside a list', '* item\n\n      code in list', ['code in list']],
    ['a fence after a list', '1. item\n\n```\nafter the list\n```', ['after the list']],
    ['text with < > & and quotes', '```html\n<a href="x">&amp; \'y\'</a>\n```', ['<a href="x">&amp; \'y\'</a>']],
  ];

  it.each(cases)('%s', (_name, content, expected) => {
    const rendered = html(content);
    expect(unsupportedBlocks(rendered)).toEqual([]);
    expect(codeBlocks(rendered)).toEqual(expected.map(plain));
  });

  it('parses every fenced block, whatever its text, back to that text', () => {
    const line = fc.string({ unit: fc.constantFrom(...'ab <>&"\';:{}()[]#*_>-=/\\é€ '), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const rendered = html(`\`\`\`\n${lines.join('\n')}\n\`\`\``);
        expect(unsupportedBlocks(rendered)).toEqual([]);
        // Zulip trims each line's end and the block's blank lines at either end.
        const code = lines
          .map((l) => l.trimEnd())
          .join('\n')
          .replace(/^\n+|\n+$/g, '');
        expect(codeBlocks(rendered)).toEqual([code === '' ? [] : plain(code)]);
      }),
      { numRuns: 300 },
    );
  });

  it('is checked by rules that do refuse 2.1\u2019s markup and unknown token classes', () => {
    expect(unsupportedBlocks('<div class="codehilite"><pre><span></span>x\n</pre></div>')).toHaveLength(1);
    expect(unsupportedBlocks('<div class="codehilite"><pre><span></span><code><span class="zz">x</span></code></pre></div>')).toHaveLength(
      1,
    );
    expect(codeBlocks('<div class="codehilite"><pre><span></span><code><span class="k">if</span> x\n</code></pre></div>')).toEqual([
      [
        { text: 'if', type: 'k' },
        { text: ' x', type: 'text' },
      ],
    ]);
  });
});
