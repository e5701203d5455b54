/**
 * Zulip's own syntax, which the corpus file does not cover: mentions and their flags, stream
 * links, linkifiers and topic links, realm emoji, /me and the has_* checks. Expected HTML is
 * Zulip 2.1's (behaviour notes section 10, zerver/tests/test_bugdown.py), except wildcard
 * mentions, which print as current Zulip prints them (zerver/lib/markdown UserMentionPattern and
 * the API's message-formatting page: `channel-wildcard-mention` beside 2.1's classes, and the
 * `topic-mention` of feature level 224).
 */
import { possibleMentions, possibleStreamNames, renderMarkdown, topicLinks, type MarkdownContext } from '../src';

const HAMLET = { id: 10, fullName: 'King Hamlet' };
const OTHELLO = { id: 12, fullName: 'Othello, the Moor of Venice' };
const users = [HAMLET, OTHELLO];
const DENMARK = { id: 3, name: 'Denmark' };
const RUSSIAN = { id: 7, name: 'привет' };
const streams = [DENMARK, RUSSIAN, { id: 9, name: 'Rome Office' }];

const render = (content: string, context: MarkdownContext = { users, streams }) => renderMarkdown(content, context);
const link = (href: string, text: string) => `<a href="${href}" target="_blank" title="${href}">${text}</a>`;

describe('user mentions', () => {
  it('renders @**Full Name** case-insensitively with the stored name, and flags the user', () => {
    const result = render('@**king hamlet** hi');
    expect(result.html).toBe('<p><span class="user-mention" data-user-id="10">@King Hamlet</span> hi</p>');
    expect(result.mentionedUserIds).toEqual([10]);
    expect(result.streamWildcardMentioned).toBe(false);
    expect(result.topicWildcardMentioned).toBe(false);
  });

  it('addresses a user by id with @**Name|id**', () => {
    const result = render('@**Othello|12**');
    expect(result.html).toBe('<p><span class="user-mention" data-user-id="12">@Othello, the Moor of Venice</span></p>');
    expect(result.mentionedUserIds).toEqual([12]);
  });

  it('renders a silent mention without @ and without the mentioned flag', () => {
    const result = render('@_**King Hamlet**');
    expect(result.html).toBe('<p><span class="user-mention silent" data-user-id="10">King Hamlet</span></p>');
    expect(result.mentionedUserIds).toEqual([]);
  });

  it.each(['all', 'everyone', 'stream', 'channel'])(
    'renders the stream wildcard @**%s** as Zulip and sets stream_wildcard_mentioned',
    (name) => {
      const result = render(`@**${name}** test`);
      expect(result.html).toBe(`<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@${name}</span> test</p>`);
      expect(result.streamWildcardMentioned).toBe(true);
      expect(result.topicWildcardMentioned).toBe(false);
      expect(result.mentionedUserIds).toEqual([]);
    },
  );

  it('renders the topic wildcard @**topic** as a topic-mention without a user id and sets topic_wildcard_mentioned', () => {
    const result = render('@**topic** look');
    expect(result.html).toBe('<p><span class="topic-mention">@topic</span> look</p>');
    expect(result.topicWildcardMentioned).toBe(true);
    expect(result.streamWildcardMentioned).toBe(false);
  });

  it('renders silent wildcards without @ and without their flags; wildcard names are case-sensitive', () => {
    const result = render('@_**channel** and @_**topic**');
    expect(result.html).toBe(
      '<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">channel</span> and ' +
        '<span class="topic-mention silent">topic</span></p>',
    );
    expect(result.streamWildcardMentioned).toBe(false);
    expect(result.topicWildcardMentioned).toBe(false);
    expect(render('@**Topic**').html).toBe('<p>@<strong>Topic</strong></p>');
  });

  it("renders exactly what the mobile app writes (zulip-flutter's wildcardMention at level 277)", () => {
    const result = render('@**channel** @**topic** @**all** @**everyone**');
    expect(result.html).toBe(
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span> ' +
        '<span class="topic-mention">@topic</span> ' +
        '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> ' +
        '<span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span></p>',
    );
    expect([result.streamWildcardMentioned, result.topicWildcardMentioned]).toEqual([true, true]);
  });

  it('leaves bare @all and unknown names as text (the stars then mean bold)', () => {
    expect(render('@all test').html).toBe('<p>@all test</p>');
    const unknown = render('Hey @**Nonexistent User**');
    expect(unknown.html).toBe('<p>Hey @<strong>Nonexistent User</strong></p>');
    expect(unknown.mentionedUserIds).toEqual([]);
  });

  it('makes mentions inside quotes silent: no flags, neither personal nor wildcard', () => {
    const quoted = render('> @**King Hamlet** and @**all**');
    expect(quoted.html).toBe(
      '<blockquote>\n<p><span class="user-mention silent" data-user-id="10">King Hamlet</span> and ' +
        '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>',
    );
    expect(quoted.mentionedUserIds).toEqual([]);
    expect(quoted.streamWildcardMentioned).toBe(false);
    expect(render('> @**topic**').topicWildcardMentioned).toBe(false);
    const fenced = render('```quote\n@**King Hamlet**\n```\n@**Othello|12**');
    expect(fenced.mentionedUserIds).toEqual([12]);
  });

  it('needs a boundary before @ and leaves mentions in code alone', () => {
    expect(render('mail@**King Hamlet**').mentionedUserIds).toEqual([]);
    expect(render('`@**King Hamlet**`').html).toBe('<p><code>@**King Hamlet**</code></p>');
    expect(render('`@**all**` `@**topic**`')).toMatchObject({ streamWildcardMentioned: false, topicWildcardMentioned: false });
  });

  it('finds the candidates the caller must look up', () => {
    expect(possibleMentions('@**King Hamlet** @_**Iago** @**x|12** @**all**')).toEqual({
      fullNames: ['King Hamlet', 'Iago'],
      userIds: [12],
      streamWildcard: true,
      topicWildcard: false,
    });
    expect(possibleMentions('`@**topic**`')).toMatchObject({ fullNames: [], streamWildcard: false, topicWildcard: true });
  });
});

describe('stream links', () => {
  it('links #**stream** as Zulip does', () => {
    expect(render('#**Denmark**').html).toBe('<p><a class="stream" data-stream-id="3" href="/#narrow/stream/3-Denmark">#Denmark</a></p>');
  });

  it('links #**stream>topic** with the topic hash-encoded', () => {
    expect(render('#**Denmark>some topic**').html).toBe(
      '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/stream/3-Denmark/topic/some.20topic">#Denmark &gt; some topic</a></p>',
    );
  });

  it('encodes spaces as - and other characters as .XX in the stream part', () => {
    expect(render('#**привет**').html).toBe(
      '<p><a class="stream" data-stream-id="7" href="/#narrow/stream/7-.D0.BF.D1.80.D0.B8.D0.B2.D0.B5.D1.82">#привет</a></p>',
    );
    expect(render('#**Rome Office>v1.2**').html).toContain('href="/#narrow/stream/9-Rome-Office/topic/v1.2E2"');
  });

  it('leaves unknown or wrongly cased names as text', () => {
    expect(render('#**denmark**').html).toBe('<p>#<strong>denmark</strong></p>');
    expect(render('#**casesens**').html).toBe('<p>#<strong>casesens</strong></p>');
  });

  it('finds the candidate stream names', () => {
    expect(possibleStreamNames('#**Denmark** and #**Rome Office>topic**')).toEqual(['Denmark', 'Rome Office']);
  });
});

describe('linkifiers', () => {
  const linkifiers = [
    { id: 1, pattern: '#(?P<id>[0-9]+)', urlFormatString: 'https://trac.example.com/ticket/%(id)s' },
    {
      id: 2,
      pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)',
      urlFormatString: 'https://github.com/%(org)s/%(repo)s/issues/%(id)s',
    },
  ];
  const withFilters = (content: string) => renderMarkdown(content, { linkifiers }).html;

  it('turns matches into links to the filled-in URL', () => {
    expect(withFilters('We should fix #224 and #115, please.')).toBe(
      `<p>We should fix ${link('https://trac.example.com/ticket/224', '#224')} and ` +
        `${link('https://trac.example.com/ticket/115', '#115')}, please.</p>`,
    );
    expect(withFilters('see zulip/zulip#42')).toBe(`<p>see ${link('https://github.com/zulip/zulip/issues/42', 'zulip/zulip#42')}</p>`);
  });

  it('matches only at word boundaries, and not inside code or links', () => {
    expect(withFilters('abc#224')).toBe('<p>abc#224</p>');
    expect(withFilters('#224x')).toBe('<p>#224x</p>');
    expect(withFilters('`#224`')).toBe('<p><code>#224</code></p>');
    expect(withFilters('https://example.com/#224')).toBe(`<p>${link('https://example.com/#224', 'https://example.com/#224')}</p>`);
    expect(withFilters('[see #224](https://example.com)')).toBe(`<p>${link('https://example.com', 'see #224')}</p>`);
  });

  it('works inside emphasis and quotes, but not glued to the markers (Zulip links before bolding)', () => {
    expect(withFilters('**see #1**')).toBe(`<p><strong>see ${link('https://trac.example.com/ticket/1', '#1')}</strong></p>`);
    expect(withFilters('**#1**')).toBe('<p><strong>#1</strong></p>');
    expect(withFilters('> #2')).toBe(`<blockquote>\n<p>${link('https://trac.example.com/ticket/2', '#2')}</p>\n</blockquote>`);
  });

  it('fills subject_links from a topic, each linkifier in order', () => {
    expect(topicLinks('#1 fix zulip/zulip#2 and #3', linkifiers)).toEqual([
      'https://trac.example.com/ticket/1',
      'https://trac.example.com/ticket/3',
      'https://github.com/zulip/zulip/issues/2',
    ]);
    expect(topicLinks('nothing here', linkifiers)).toEqual([]);
    expect(topicLinks('#1', [])).toEqual([]);
  });

  it('ignores a pattern JavaScript cannot compile instead of failing the message', () => {
    const broken = [{ id: 3, pattern: '(?P<id>[', urlFormatString: 'https://x.com/%(id)s' }, ...linkifiers];
    expect(renderMarkdown('#5', { linkifiers: broken }).html).toBe(`<p>${link('https://trac.example.com/ticket/5', '#5')}</p>`);
    expect(topicLinks('#5', broken)).toEqual(['https://trac.example.com/ticket/5']);
  });
});

describe('other message properties', () => {
  it('renders realm emoji as images, before unicode names', () => {
    const html = renderMarkdown(':green_tick: :smile:', {
      realmEmoji: [{ name: 'green_tick', sourceUrl: '/user_avatars/1/emoji/tick.png' }],
    }).html;
    expect(html).toBe(
      '<p><img alt=":green_tick:" class="emoji" src="/user_avatars/1/emoji/tick.png" title="green tick"> ' +
        '<span aria-label="smile" class="emoji emoji-263a" role="img" title="smile">:smile:</span></p>',
    );
  });

  it('marks /me messages', () => {
    const me = render('/me takes a walk');
    expect(me.html).toBe('<p>/me takes a walk</p>');
    expect(me.isMeMessage).toBe(true);
    expect(render('/meeting').isMeMessage).toBe(false);
    expect(render('/me makes a list\n* one\n* two').isMeMessage).toBe(false);
  });

  it('computes has_link, has_image and has_attachment from the content as Zulip does', () => {
    expect(render('see https://example.com').hasLink).toBe(true);
    expect(render('see example.com').hasLink).toBe(false);
    const upload = render('[photo.png](/user_uploads/2/ab/photo.png)');
    expect([upload.hasLink, upload.hasImage, upload.hasAttachment]).toEqual([true, true, true]);
    const file = render('[notes.txt](/user_uploads/2/ab/notes.txt)');
    expect([file.hasImage, file.hasAttachment]).toEqual([false, true]);
  });

  it('titles links to uploads with the file name, and keeps in-app links in the tab', () => {
    expect(render('[x](/user_uploads/2/ab/notes.txt)').html).toBe(
      '<p><a href="/user_uploads/2/ab/notes.txt" target="_blank" title="notes.txt">x</a></p>',
    );
    expect(render('[settings](#settings)').html).toBe('<p><a href="#settings" title="#settings">settings</a></p>');
  });

  it('escapes raw HTML and refuses unsafe link schemes', () => {
    expect(render('<img src=x onerror=alert(1)>').html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(render('[x](javascript:alert(1))').html).toBe('<p>[x](javascript:alert(1))</p>');
    expect(render('[x](data:text/html;base64,PHNjcmlwdD4=)').html).not.toContain('<a');
  });

  it('cannot be fooled into pasting a code block by placeholder characters', () => {
    const html = render('```\n<b>code</b>\n```\n\u00020\u0003').html;
    expect(html.match(/codehilite/g)).toHaveLength(1);
    expect(html).not.toContain('<b>');
  });
});
