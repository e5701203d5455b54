import {
  decodeHashComponent,
  encodeHashComponent,
  narrowToHash,
  narrowStreamId,
  narrowToSearch,
  parseNarrowHash,
  parseSearch,
  resolveNarrow,
  type NameLookup,
} from '../src/features/narrow/narrow';

const names: NameLookup = {
  streamName: (id) => (({ 42: 'general', 7: 'Verona Castle', 3: 'a.b' }) as Record<number, string>)[id],
  userName: (id) => (({ 5: 'Iago', 7: 'King Hamlet' }) as Record<number, string>)[id],
};

describe('hash encoding', () => {
  test("Zulip's examples", () => {
    expect(encodeHashComponent('lunch plans')).toBe('lunch.20plans');
    expect(encodeHashComponent('v1.2')).toBe('v1.2E2');
    expect(encodeHashComponent('a/b%c')).toBe('a.2Fb.25c');
    expect(decodeHashComponent('lunch.20plans')).toBe('lunch plans');
    expect(decodeHashComponent('v1.2E2')).toBe('v1.2');
  });

  test.each(['lunch plans', 'v1.2 release', 'ünïcödé 🎉', '100% sure?', 'a.b.c', '', '-x-', 'a/b#c&d=e'])('round trip %p', (text) => {
    expect(decodeHashComponent(encodeHashComponent(text))).toBe(text);
  });
});

describe('parseNarrowHash', () => {
  test.each([
    ['', []],
    ['#', []],
    ['#all_messages', []],
    ['#narrow/stream/42-general', [{ operator: 'stream', operand: '42' }]],
    [
      '#narrow/stream/42-general/topic/lunch.20plans',
      [
        { operator: 'stream', operand: '42' },
        { operator: 'topic', operand: 'lunch plans' },
      ],
    ],
    ['#narrow/channel/42-general', [{ operator: 'stream', operand: '42' }]],
    ['#narrow/stream/Denmark', [{ operator: 'stream', operand: 'Denmark' }]],
    ['#narrow/pm-with/5,7-group', [{ operator: 'pm-with', operand: '5,7' }]],
    ['#narrow/pm-with/5-iago', [{ operator: 'pm-with', operand: '5' }]],
    ['#narrow/dm/5-iago', [{ operator: 'pm-with', operand: '5' }]],
    ['#narrow/pm-with/iago.40zulip.2Ecom', [{ operator: 'pm-with', operand: 'iago@zulip.com' }]],
    ['#narrow/is/starred', [{ operator: 'is', operand: 'starred' }]],
    ['#narrow/is/mentioned', [{ operator: 'is', operand: 'mentioned' }]],
    ['#narrow/is/private', [{ operator: 'is', operand: 'private' }]],
    ['#narrow/search/foo', [{ operator: 'search', operand: 'foo' }]],
    ['#narrow/search/foo.20bar', [{ operator: 'search', operand: 'foo bar' }]],
    ['#narrow/near/123', [{ operator: 'near', operand: '123' }]],
    ['#narrow/sender/5-x', [{ operator: 'sender', operand: '5' }]],
    ['#narrow/-is/starred', [{ operator: 'is', operand: 'starred', negated: true }]],
    [
      '#narrow/stream/42-general/topic/lunch/near/99',
      [
        { operator: 'stream', operand: '42' },
        { operator: 'topic', operand: 'lunch' },
        { operator: 'near', operand: '99' },
      ],
    ],
  ])('%s', (hash, narrow) => {
    expect(parseNarrowHash(hash)).toEqual(narrow);
  });
});

describe('narrowToHash', () => {
  test('writes the forms Zulip links use', () => {
    expect(narrowToHash([], names)).toBe('#all_messages');
    expect(narrowToHash([{ operator: 'stream', operand: '42' }], names)).toBe('#narrow/stream/42-general');
    expect(
      narrowToHash(
        [
          { operator: 'stream', operand: '7' },
          { operator: 'topic', operand: 'lunch plans' },
        ],
        names,
      ),
    ).toBe('#narrow/stream/7-Verona-Castle/topic/lunch.20plans');
    expect(narrowToHash([{ operator: 'stream', operand: '3' }], names)).toBe('#narrow/stream/3-a.2Eb');
    expect(narrowToHash([{ operator: 'pm-with', operand: '5,7' }], names)).toBe('#narrow/pm-with/5,7-group');
    expect(narrowToHash([{ operator: 'pm-with', operand: '5' }], names)).toBe('#narrow/pm-with/5-Iago');
    expect(narrowToHash([{ operator: 'is', operand: 'starred' }])).toBe('#narrow/is/starred');
    expect(narrowToHash([{ operator: 'search', operand: 'foo bar' }])).toBe('#narrow/search/foo.20bar');
    expect(narrowToHash([{ operator: 'sender', operand: '7' }], names)).toBe('#narrow/sender/7-King-Hamlet');
  });

  test.each([
    [[{ operator: 'stream', operand: '42' }]],
    [
      [
        { operator: 'stream', operand: '7' },
        { operator: 'topic', operand: 'v1.2 / what? 100%' },
      ],
    ],
    [[{ operator: 'pm-with', operand: '5,7' }]],
    [[{ operator: 'pm-with', operand: '5' }]],
    [[{ operator: 'is', operand: 'mentioned' }]],
    [
      [
        { operator: 'sender', operand: '5' },
        { operator: 'search', operand: 'déjà vu.' },
      ],
    ],
    [[{ operator: 'near', operand: '123' }]],
    [[{ operator: 'is', operand: 'starred', negated: true }]],
    [[]],
  ])('round trip %j', (narrow) => {
    expect(parseNarrowHash(narrowToHash(narrow, names))).toEqual(narrow);
    expect(parseNarrowHash(narrowToHash(narrow))).toEqual(narrow);
  });
});

describe('parseSearch', () => {
  test('operators and free text', () => {
    expect(
      parseSearch('stream:Denmark topic:lunch sender:iago@zulip.com is:starred has:link pm-with:hamlet@zulip.com near:12 hello world'),
    ).toEqual([
      { operator: 'stream', operand: 'Denmark' },
      { operator: 'topic', operand: 'lunch' },
      { operator: 'sender', operand: 'iago@zulip.com' },
      { operator: 'is', operand: 'starred' },
      { operator: 'has', operand: 'link' },
      { operator: 'pm-with', operand: 'hamlet@zulip.com' },
      { operator: 'near', operand: '12' },
      { operator: 'search', operand: 'hello world' },
    ]);
  });

  test('quoted operands, negation, aliases, unknown operators as text', () => {
    expect(parseSearch('stream:"Verona Castle" -topic:old channel:x dm:a@b.c foo:bar "exact phrase"')).toEqual([
      { operator: 'stream', operand: 'Verona Castle' },
      { operator: 'topic', operand: 'old', negated: true },
      { operator: 'stream', operand: 'x' },
      { operator: 'pm-with', operand: 'a@b.c' },
      { operator: 'search', operand: 'foo:bar exact phrase' },
    ]);
    expect(parseSearch('')).toEqual([]);
    expect(parseSearch('   ')).toEqual([]);
    expect(parseSearch('topic:')).toEqual([{ operator: 'search', operand: 'topic:' }]);
  });

  test('narrowToSearch shows names', () => {
    expect(
      narrowToSearch(
        [
          { operator: 'stream', operand: '7' },
          { operator: 'topic', operand: 'a b' },
          { operator: 'search', operand: 'x' },
        ],
        names,
      ),
    ).toBe('stream:"Verona Castle" topic:"a b" x');
    expect(
      parseSearch(
        narrowToSearch(
          [
            { operator: 'stream', operand: '7' },
            { operator: 'topic', operand: 'a b' },
          ],
          names,
        ),
      ),
    ).toEqual([
      { operator: 'stream', operand: 'Verona Castle' },
      { operator: 'topic', operand: 'a b' },
    ]);
  });

  test('narrowToSearch shows people by address, which the search box takes back', () => {
    const withEmails: NameLookup = {
      ...names,
      userEmail: (id) => (({ 5: 'iago@zulip.com', 10: 'hamlet@zulip.com' }) as Record<number, string>)[id],
    };
    expect(narrowToSearch([{ operator: 'pm-with', operand: '5' }], withEmails)).toBe('pm-with:iago@zulip.com');
    expect(
      narrowToSearch(
        [
          { operator: 'pm-with', operand: '5,10' },
          { operator: 'sender', operand: '5' },
        ],
        withEmails,
      ),
    ).toBe('pm-with:iago@zulip.com,hamlet@zulip.com sender:iago@zulip.com');
    // Someone unknown keeps the id rather than a half-named group.
    expect(narrowToSearch([{ operator: 'pm-with', operand: '5,99' }], withEmails)).toBe('pm-with:5,99');
    const resolver = {
      streamIdByName: () => undefined,
      userIdByEmail: (e: string) => (({ 'iago@zulip.com': 5, 'hamlet@zulip.com': 10 }) as Record<string, number>)[e],
    };
    expect(resolveNarrow(parseSearch(narrowToSearch([{ operator: 'pm-with', operand: '5,10' }], withEmails)), resolver)).toEqual([
      { operator: 'pm-with', operand: '5,10' },
    ]);
  });

  test('the stream a view is in, for its topics in the sidebar', () => {
    expect(
      narrowStreamId([
        { operator: 'stream', operand: '1' },
        { operator: 'topic', operand: 'x' },
      ]),
    ).toBe(1);
    expect(narrowStreamId([{ operator: 'stream', operand: '12' }])).toBe(12);
    expect(narrowStreamId([{ operator: 'stream', operand: '1', negated: true }])).toBeUndefined();
    expect(narrowStreamId([{ operator: 'pm-with', operand: '1' }])).toBeUndefined();
    expect(narrowStreamId([])).toBeUndefined();
  });

  test('resolveNarrow turns names and e-mails into ids', () => {
    const resolver = {
      streamIdByName: (n: string) => (n.toLowerCase() === 'verona castle' ? 7 : undefined),
      userIdByEmail: (e: string) => (({ 'iago@zulip.com': 5, 'hamlet@zulip.com': 10 }) as Record<string, number>)[e],
    };
    expect(
      resolveNarrow(
        parseSearch('stream:"verona castle" sender:iago@zulip.com pm-with:hamlet@zulip.com,iago@zulip.com stream:nope'),
        resolver,
      ),
    ).toEqual([
      { operator: 'stream', operand: '7' },
      { operator: 'sender', operand: '5' },
      { operator: 'pm-with', operand: '5,10' },
      { operator: 'stream', operand: 'nope' },
    ]);
  });
});
