/**
 * Zulip 2.1's markdown corpus (fixtures/markdown_test_cases.json, origin in fixtures/README.md) against the renderer.
 * Every case runs; the pass rate per section is printed and may not fall below what the
 * renderer reaches today, and the core syntax cases are asserted one by one.
 *
 * Where this server writes today's Zulip markup instead of 2.1's, the expected HTML is changed
 * here, by the narrow rules of CURRENT_MARKUP below, and the copied file stays as Zulip wrote it.
 *
 * What fails and why (see the printed list): TeX (Zulip renders it with KaTeX, which this server
 * does not bundle: 10 cases), Pygments highlighting of a named language (1), and the two-space
 * indentation Zulip keeps on a list item's continuation line (1).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderMarkdown } from '../src';

interface RegularCase {
  name: string;
  input: string;
  expected_output: string;
  marked_expected_output?: string;
  backend_only_rendering?: boolean;
  translate_emoticons?: boolean;
}

type LinkifyCase = [input: string, expected: string, url: string];

const CORPUS = path.join(__dirname, 'fixtures/markdown_test_cases.json');

/** The reference files are data from elsewhere: tolerate trailing commas should one appear. */
function readLooseJson(file: string): unknown {
  const text = fs.readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    return JSON.parse(text.replace(/,(\s*[}\]])/g, '$1'));
  }
}

const corpus = readLooseJson(CORPUS) as { regular_tests: RegularCase[]; linkify_tests: LinkifyCase[] };

/** 2.1's code block: Pygments' markup without the <code> element. */
const CODE_BLOCK_2_1 = /<div class="codehilite"><pre><span><\/span>(?!<code>)([\s\S]*?)<\/pre><\/div>/;

/** The language a case's fence names, as data-code-language writes it (the Pygments lexer's name). */
const FENCE_LANGUAGE: Record<string, string> = { codeblock_hilite: 'Python' };

/**
 * The cases whose expected HTML follows today's Zulip, each with the reason:
 * - a code block is wrapped in <code> inside <pre><span></span>...</pre>, and carries
 *   data-code-language when its fence names a language: today's Zulip writes this, and the mobile
 *   app (zulip-flutter) parses nothing else as a code block (test/code-blocks.test.ts);
 * - !modal_link is not supported: it wrote its URL into an href unchecked (CVE-2020-9445), and
 *   Zulip removed it, so its text stays text (test/url-policy.test.ts).
 */
const CURRENT_MARKUP: Record<string, (expected: string) => string> = {
  ...Object.fromEntries(
    [
      'codeblock_hilite',
      'codeblock_multiline',
      'codeblock_trailing_whitespace',
      'codeblock_backticks',
      'hanging_multi_codeblock',
      'complexly_nested_quote',
      'dangerous_block',
      'four_space_code_block',
      'ulist_codeblock',
      'safe_html_in_code',
    ].map((name) => [
      name,
      (expected: string) =>
        expected.replace(new RegExp(CODE_BLOCK_2_1, 'g'), (_block, body: string) => {
          const language = FENCE_LANGUAGE[name];
          const attribute = language === undefined ? '' : ` data-code-language="${language}"`;
          return `<div class="codehilite"${attribute}><pre><span></span><code>${body}</code></pre></div>`;
        }),
    ]),
  ),
  modal_link: () => '<p>!modal_link(#settings, Settings page)</p>',
};

/** Duplicate names exist in the corpus (dangerous_block twice); the index keeps ids unique. */
const regular = corpus.regular_tests.map((c, i) => {
  const current = Object.hasOwn(CURRENT_MARKUP, c.name) ? CURRENT_MARKUP[c.name] : undefined;
  return {
    ...c,
    id: `${i}:${c.name}`,
    expected_output: current ? current(c.expected_output) : c.expected_output,
    as_copied: c.expected_output,
  };
});

function renderCase(c: RegularCase): string {
  return renderMarkdown(c.input, { translateEmoticons: c.translate_emoticons ?? false }).html;
}

/**
 * Zulip's test_linkify: a non-empty url fills the %s of the expected paragraph with the link
 * Zulip makes (http:// added to bare domains, mailto: to addresses).
 */
function linkifyExpected([, expected, url]: LinkifyCase): string {
  if (!url) return expected;
  const href = url.startsWith('http') ? url : url.includes('@') ? `mailto:${url}` : `http://${url}`;
  return expected.replace('%s', `<a href="${href}" target="_blank" title="${href}">${url}</a>`);
}

/** Today's results; the floors below are these numbers. */
const REGULAR_FLOOR = 124;
const LINKIFY_FLOOR = 71;

/** Core syntax, by category: each of these cases must pass. */
const CORE: Record<string, string[]> = {
  emphasis: ['emphasis_text', 'emphasis_code', 'emphasis_with_space', 'emphasis_with_html', 'underscore_disabled', 'star_strong_em'],
  strong: ['star_strong', 'strong_with_html', 'underscore_strong_disabled', 'multiline_strong'],
  strikethrough: ['strikthrough_basic', 'strikthrough_multiword', 'strikthrough_link'],
  links: [
    'link_with_text',
    'link_without_text',
    'link_with_empty_text',
    'reference_links_disabled',
    'reference_links_disabled_2',
    'linkify_interference',
  ],
  autolinks: ['only_non_image_link', 'inline_image', 'only_named_inline_image', 'deduplicate_inline_previews'],
  'code spans': ['inline_code_spaces', 'dangerous_block', 'modal_link_escaped', 'tex_escaped'],
  'fenced code': [
    'codeblock_multiline',
    'codeblock_trailing_whitespace',
    'codeblock_backticks',
    'hanging_multi_codeblock',
    'four_space_code_block',
    'two_space_not_code_block',
    'ulist_codeblock',
    'malformed_fence',
    'safe_html_in_code',
  ],
  quotes: [
    'fenced_quote',
    'fenced_nested_quote',
    'complexly_nested_quote',
    'fenced_quote_with_hashtag',
    'empty_single_blockquote',
    'empty_multiple_blockquote',
    'non_empty_blockquote',
    'blockquote_inline_image',
  ],
  lists: [
    'ulist_standard_1',
    'ulist_standard_2',
    'ulist_standard_3',
    'ulist_mixed_bullets',
    'ulist_hanging',
    'ulist_hanging_mixed',
    'ulist_hanging_multi',
    'ulist_hanging_quoted',
    'ulist_nested_ulist_two_space_indent',
    'ulist_with_inline_code',
    'numbered_list',
    'auto_renumbered_list_trick',
    'auto_renumbered_list_from',
    'two_auto_renumbered_lists',
    'auto_renumbered_list_blankline',
    'tables',
  ],
  headers: [
    'hashheading_enabled',
    'hashheading_needs_spaces',
    'hashheading_multiple_spaces',
    'hashheading_6_levels',
    'hashheading_7_levels',
  ],
  nl2br: ['nl2br', 'nl2br_trailing_space', 'emojis_newline', 'unicode_emojis_new_line'],
  emoji: [
    'star_emoji',
    'many_emoji',
    'random_emoji_1',
    'random_emoji_2',
    'zulip_emoji',
    'not_emoji',
    'emojis_without_space',
    'unicode_emoji',
    'two_unicode_emoji',
    'miscellaneous_symbols_and_pictographs',
    'supplemental_symbols_and_pictographs',
    'miscellaneous_symbols_and_arrows',
    'new_emoji_test',
    'emoji_pipeline_emphasis',
    'emoji_pipeline_link',
    'skin_tones_are_banned',
    'fried_egg',
    'emojis_with_zwj_are_banned',
    'translate_emoticons_enabled',
    'translate_emoticons_not_enabled',
    'translate_emoticons_between_symbols',
  ],
  'html escaping': [
    'safe_html',
    'safe_html_with_simple_script_tag',
    'safe_html_nested_script_tag',
    'safe_html_nested_script_tag_with_parse_error',
    'safe_html_messed_up_complexly_nested_script_tags',
    'safe_html_unclosed_tag',
    'safe_html_unclosed_tag_and_quotes',
  ],
};

describe('markdown corpus (Zulip 2.1 markdown_test_cases.json)', () => {
  const failedRegular: string[] = [];
  const failedLinkify: string[] = [];

  beforeAll(() => {
    for (const c of regular) {
      if (renderCase(c) !== c.expected_output) failedRegular.push(c.id);
    }
    for (const c of corpus.linkify_tests) {
      if (renderMarkdown(c[0]).html !== linkifyExpected(c)) failedLinkify.push(c[0]);
    }
    const regularPassed = regular.length - failedRegular.length;
    const linkifyPassed = corpus.linkify_tests.length - failedLinkify.length;
    const total = regular.length + corpus.linkify_tests.length;
    console.log(
      [
        `markdown corpus: regular_tests ${regularPassed}/${regular.length}, linkify_tests ${linkifyPassed}/${corpus.linkify_tests.length}, ` +
          `overall ${regularPassed + linkifyPassed}/${total} (${(((regularPassed + linkifyPassed) / total) * 100).toFixed(1)}%)`,
        `failing regular cases: ${failedRegular.join(', ') || 'none'}`,
        `failing linkify cases: ${failedLinkify.join(', ') || 'none'}`,
      ].join('\n'),
    );
  });

  it('reads every case of both sections', () => {
    expect(regular.length).toBeGreaterThanOrEqual(136);
    expect(corpus.linkify_tests.length).toBeGreaterThanOrEqual(71);
  });

  it('changes exactly the cases CURRENT_MARKUP names, each of them, and leaves no 2.1 code block', () => {
    const changed = new Set(regular.filter((c) => c.expected_output !== c.as_copied).map((c) => c.name));
    expect([...changed].sort()).toEqual(Object.keys(CURRENT_MARKUP).sort());
    for (const c of regular) expect(c.expected_output).not.toMatch(CODE_BLOCK_2_1);
  });

  it(`passes at least ${REGULAR_FLOOR} regular cases and ${LINKIFY_FLOOR} linkify cases`, () => {
    expect(regular.length - failedRegular.length).toBeGreaterThanOrEqual(REGULAR_FLOOR);
    expect(corpus.linkify_tests.length - failedLinkify.length).toBeGreaterThanOrEqual(LINKIFY_FLOOR);
  });

  const coreCases = Object.entries(CORE).flatMap(([category, names]) => names.map((name) => [category, name] as const));
  it.each(coreCases)('core syntax (%s): %s', (_category, name) => {
    const cases = regular.filter((c) => c.name === name);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect({ input: c.input, html: renderCase(c) }).toEqual({ input: c.input, html: c.expected_output });
  });

  it.each(corpus.linkify_tests.map((c) => [c[0], c] as const))('autolink: %j', (_input, c) => {
    expect(renderMarkdown(c[0]).html).toBe(linkifyExpected(c));
  });
});
