import { createStream, fetchIds, sendOk, startHarness, subscribe, type Harness } from './helpers';

describe('GET /messages narrows and access', () => {
  let h: Harness;
  const ids: Record<string, number> = {};
  let secret: { id: number; recipientId: number };
  let shared: { id: number; recipientId: number };

  beforeAll(async () => {
    h = await startHarness();
    secret = await createStream(h, 'Secret', {
      inviteOnly: true,
      historyPublic: false,
      subscribers: ['hamlet@zulip.com', 'iago@zulip.com'],
    });
    shared = await createStream(h, 'Shared', { inviteOnly: true, historyPublic: true, subscribers: ['iago@zulip.com'] });
    ids.castle = await sendOk(h, 'hamlet@zulip.com', {
      type: 'stream',
      to: 'Denmark',
      topic: 'Castle',
      content: 'The dogs are running in the castle',
    });
    ids.castle2 = await sendOk(h, 'othello@zulip.com', { type: 'stream', to: 'Denmark', topic: 'castle', content: 'cats sleep' });
    ids.ghosts = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'Ghosts', content: 'a "ghost" <appears>' });
    ids.verona = await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'fair', content: 'two households' });
    ids.secret = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Secret', topic: 'plot', content: 'hidden plan' });
    ids.shared = await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'Shared', topic: 'open', content: 'shared history' });
    ids.pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'private word' });
    ids.pmBack = await sendOk(h, 'othello@zulip.com', { type: 'private', to: 'hamlet@zulip.com', content: 'reply' });
    ids.self = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'hamlet@zulip.com', content: 'note to self' });
    ids.huddle = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com,iago@zulip.com', content: 'group chat' });
    ids.otherPm = await sendOk(h, 'iago@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'not for hamlet' });
  });
  afterAll(() => h.close());

  const hamlet = (narrow: unknown[], extra?: Record<string, unknown>) => fetchIds(h, 'hamlet@zulip.com', narrow, extra);

  it('narrows by stream (name or id) and topic (case-insensitive), in both forms', async () => {
    const denmark = await h.db.knex('streams').where({ name: 'Denmark' }).first('id');
    expect(await hamlet([['stream', 'denmark']])).toEqual([ids.castle, ids.castle2, ids.ghosts]);
    expect(
      await hamlet([
        { operator: 'stream', operand: denmark.id },
        { operator: 'topic', operand: 'CASTLE' },
      ]),
    ).toEqual([ids.castle, ids.castle2]);
    expect(await hamlet([{ operator: 'topic', operand: 'castle', negated: true }, ['stream', 'Denmark']])).toEqual([ids.ghosts]);
  });

  it('narrows by sender (e-mail or id) and negated sender', async () => {
    const othello = await h.userId('othello@zulip.com');
    expect(await hamlet([['sender', 'OTHELLO@zulip.com']])).toEqual([ids.castle2, ids.pmBack]);
    expect(await hamlet([{ operator: 'sender', operand: othello }])).toEqual([ids.castle2, ids.pmBack]);
    expect(await hamlet([{ operator: 'sender', operand: 'hamlet@zulip.com', negated: true }, ['stream', 'Denmark']])).toEqual([
      ids.castle2,
    ]);
  });

  it('narrows by pm-with (1:1 both ways, self, group by e-mails or ids) and group-pm-with', async () => {
    const othello = await h.userId('othello@zulip.com');
    const iago = await h.userId('iago@zulip.com');
    expect(await hamlet([['pm-with', 'othello@zulip.com']])).toEqual([ids.pm, ids.pmBack]);
    expect(await hamlet([{ operator: 'pm-with', operand: [othello] }])).toEqual([ids.pm, ids.pmBack]);
    expect(await hamlet([['pm-with', 'hamlet@zulip.com']])).toEqual([ids.self]);
    expect(await hamlet([['pm-with', 'iago@zulip.com,othello@zulip.com']])).toEqual([ids.huddle]);
    expect(await hamlet([{ operator: 'pm-with', operand: [iago, othello] }])).toEqual([ids.huddle]);
    expect(await hamlet([['pm-with', 'iago@zulip.com,cordelia@zulip.com']])).toEqual([]);
    expect(await hamlet([['group-pm-with', 'iago@zulip.com']])).toEqual([ids.huddle]);
    expect(await hamlet([{ operator: 'group-pm-with', operand: othello }])).toEqual([ids.huddle]);
    expect(await hamlet([{ operator: 'pm-with', operand: 'othello@zulip.com', negated: true }, ['is', 'private']])).toEqual([
      ids.self,
      ids.huddle,
    ]);
  });

  it('narrows by is: private, starred, unread, mentioned, alerted', async () => {
    const me = await h.userId('hamlet@zulip.com');
    expect(await hamlet([['is', 'private']])).toEqual([ids.pm, ids.pmBack, ids.self, ids.huddle]);
    await h.db
      .knex('user_messages')
      .where({ user_id: me, message_id: ids.castle2 })
      .update({ flags: 2 | 8 });
    await h.db
      .knex('user_messages')
      .where({ user_id: me, message_id: ids.ghosts })
      .update({ flags: 16 | 512 | 1 });
    expect(await hamlet([['is', 'starred']])).toEqual([ids.castle2]);
    expect(await hamlet([['is', 'mentioned']])).toEqual([ids.castle2, ids.ghosts]);
    expect(await hamlet([['is', 'alerted']])).toEqual([ids.ghosts]);
    expect(
      await hamlet([
        ['is', 'unread'],
        ['stream', 'Denmark'],
      ]),
    ).toEqual([ids.castle, ids.castle2]);
    expect(await hamlet([{ operator: 'is', operand: 'unread', negated: true }])).toEqual([ids.ghosts]);
  });

  it('in:home leaves out muted streams, in:all does not', async () => {
    const me = await h.userId('hamlet@zulip.com');
    const verona = await h.db.knex('streams').where({ name: 'Verona' }).first('id');
    await h.db.knex('subscriptions').where({ user_id: me, stream_id: verona.id }).update({ is_muted: true });
    try {
      expect(await hamlet([['in', 'home']])).not.toContain(ids.verona);
      expect(await hamlet([['in', 'all']])).toContain(ids.verona);
      // Zulip 2.1 ignores negation on in:.
      expect(await hamlet([{ operator: 'in', operand: 'home', negated: true }])).not.toContain(ids.verona);
    } finally {
      await h.db.knex('subscriptions').where({ user_id: me, stream_id: verona.id }).update({ is_muted: false });
    }
  });

  it('has: link, image, attachment read the message columns', async () => {
    await h.db.knex('messages').where({ id: ids.castle }).update({ has_link: true });
    await h.db.knex('messages').where({ id: ids.castle2 }).update({ has_image: true, has_attachment: true });
    expect(await hamlet([['has', 'link']])).toEqual([ids.castle]);
    expect(await hamlet([['has', 'image']])).toEqual([ids.castle2]);
    expect(await hamlet([['has', 'attachment']])).toEqual([ids.castle2]);
    expect(await hamlet([{ operator: 'has', operand: 'link', negated: true }, ['stream', 'Denmark']])).toEqual([ids.castle2, ids.ghosts]);
  });

  it('search matches stemmed words in content and topic and highlights them', async () => {
    const res = await h.get('hamlet@zulip.com', '/messages', { anchor: 0, num_before: 0, num_after: 100, narrow: [['search', 'dog run']] });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([ids.castle]);
    expect(res.body.messages[0].match_content).toContain('<span class="highlight">dogs</span>');
    expect(res.body.messages[0].match_content).toContain('<span class="highlight">running</span>');
    expect(res.body.messages[0].match_subject).toBe('Castle');
    const topic = await h.get('hamlet@zulip.com', '/messages', {
      anchor: 0,
      num_before: 0,
      num_after: 100,
      narrow: [{ operator: 'search', operand: 'ghosts' }],
    });
    expect(topic.body.messages.map((m: { id: number }) => m.id)).toEqual([ids.ghosts]);
    expect(topic.body.messages[0].match_subject).toBe('<span class="highlight">Ghosts</span>');
    // Several search terms are one search; quoted phrases must appear as written.
    expect(
      await hamlet([
        ['search', 'castle'],
        ['search', 'dogs'],
      ]),
    ).toEqual([ids.castle]);
    expect(await hamlet([['search', '"are running"']])).toEqual([ids.castle]);
    expect(await hamlet([['search', '"running are"']])).toEqual([]);
    expect(await hamlet([{ operator: 'search', operand: 'castle', negated: true }, ['stream', 'Denmark']])).toEqual([ids.ghosts]);
    const plain = await h.get('hamlet@zulip.com', '/messages', { anchor: ids.castle, num_before: 0, num_after: 0 });
    expect(plain.body.messages[0]).not.toHaveProperty('match_content');
  });

  it('near is a no-op; id picks one message; streams:public covers public streams only', async () => {
    expect(
      await hamlet([
        ['near', '12'],
        ['stream', 'Denmark'],
      ]),
    ).toEqual([ids.castle, ids.castle2, ids.ghosts]);
    expect(await hamlet([['id', String(ids.pm)]])).toEqual([ids.pm]);
    expect(await hamlet([{ operator: 'id', operand: String(ids.pm), negated: true }, ['is', 'private']])).toEqual([
      ids.pmBack,
      ids.self,
      ids.huddle,
    ]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['streams', 'public']])).toEqual([ids.castle, ids.castle2, ids.ghosts, ids.verona]);
  });

  it('shows public-stream history to non-subscribers as read and historical, never other people private messages', async () => {
    const res = await h.get('cordelia@zulip.com', '/messages', {
      anchor: 0,
      num_before: 0,
      num_after: 100,
      narrow: [['stream', 'Denmark']],
    });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([ids.castle, ids.castle2, ids.ghosts]);
    expect(res.body.messages[0].flags).toEqual(['read', 'historical']);
    // Without a stream narrow only what she received.
    expect(await fetchIds(h, 'cordelia@zulip.com', [])).toEqual([ids.verona]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['is', 'private']])).toEqual([]);
    expect(await fetchIds(h, 'hamlet@zulip.com', [['pm-with', 'othello@zulip.com']])).not.toContain(ids.otherPm);
    expect(
      await fetchIds(h, 'cordelia@zulip.com', [
        ['stream', 'Denmark'],
        ['is', 'unread'],
      ]),
    ).toEqual([]);
  });

  it('keeps invite-only streams to those allowed: history public to subscribers decides what a new member sees', async () => {
    expect(await fetchIds(h, 'cordelia@zulip.com', [['stream', 'Secret']])).toEqual([]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['stream', 'Shared']])).toEqual([]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['search', 'hidden']])).toEqual([]);
    await subscribe(h, 'cordelia@zulip.com', secret.id);
    await subscribe(h, 'cordelia@zulip.com', shared.id);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['stream', 'Secret']])).toEqual([]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['stream', 'Shared']])).toEqual([ids.shared]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [['streams', 'public']])).not.toContain(ids.shared);
    // A guest sees a public stream's history only once subscribed.
    expect(await fetchIds(h, 'polonius@zulip.com', [['stream', 'Denmark']])).toEqual([]);
  });

  it.each([
    ['[["bogus","x"]]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown operator bogus', desc: 'unknown operator bogus' }],
    ['[["stream","Atlantis"]]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown stream Atlantis' }],
    ['[{"operator":"stream","operand":99999}]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown stream 99999' }],
    ['[["sender","nobody@zulip.com"]]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown user nobody@zulip.com' }],
    ['[["group-pm-with","nobody@zulip.com"]]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown user nobody@zulip.com' }],
    [
      '[["pm-with","othello@zulip.com,nobody@zulip.com"]]',
      { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown user in othello@zulip.com,nobody@zulip.com' },
    ],
    [
      '[{"operator":"pm-with","operand":[99998,99999]}]',
      { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown user in [99998, 99999]' },
    ],
    ['[["is","loud"]]', { code: 'BAD_NARROW', msg: "Invalid narrow operator: unknown 'is' operand loud" }],
    ['[["in","space"]]', { code: 'BAD_NARROW', msg: "Invalid narrow operator: unknown 'in' operand space" }],
    ['[["has","cheese"]]', { code: 'BAD_NARROW', msg: "Invalid narrow operator: unknown 'has' operand cheese" }],
    ['[["streams","private"]]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: unknown streams operand private' }],
    ['[["id","12a"]]', { code: 'BAD_NARROW', msg: 'Invalid narrow operator: Invalid message ID' }],
    ['{"stream":"Denmark"}', { code: 'REQUEST_VARIABLE_INVALID', msg: 'Bad value for \'narrow\': {"stream":"Denmark"}' }],
    ['[["pm-with",-24]]', { code: 'REQUEST_VARIABLE_INVALID', msg: 'Bad value for \'narrow\': [["pm-with",-24]]' }],
    ['[1,2]', { code: 'REQUEST_VARIABLE_INVALID', msg: "Bad value for 'narrow': [1,2]" }],
    ['[["x","y","z"]]', { code: 'REQUEST_VARIABLE_INVALID', msg: 'Bad value for \'narrow\': [["x","y","z"]]' }],
    ['not json', { code: 'REQUEST_VARIABLE_INVALID', msg: "Bad value for 'narrow': not json" }],
    ['[{"operator":"topic","operand":5}]', { code: 'BAD_REQUEST', msg: 'elem["operand"] is not a string' }],
    ['[{"operator":"sender","operand":[1]}]', { code: 'BAD_REQUEST', msg: 'elem["operand"] is not a string or an integer' }],
    ['[{"operator":"topic"}]', { code: 'BAD_REQUEST', msg: 'operand key is missing from elem' }],
  ])('answers the narrow %s with %j', async (narrow, expected) => {
    const res = await h.get('hamlet@zulip.com', '/messages', { anchor: 0, num_before: 0, num_after: 1, narrow });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', ...expected });
  });

  it('use_first_unread_anchor finds the first unread message in the narrow, or the newest end', async () => {
    const res = await h.get('othello@zulip.com', '/messages', {
      use_first_unread_anchor: true,
      num_before: 1,
      num_after: 1,
      narrow: [['stream', 'Denmark']],
    });
    expect(res.body.anchor).toBe(ids.castle);
    expect(res.body).toMatchObject({ found_anchor: true, found_oldest: true, found_newest: false });
    const none = await h.get('othello@zulip.com', '/messages', {
      use_first_unread_anchor: true,
      num_before: 5,
      num_after: 5,
      narrow: [
        ['stream', 'Verona'],
        ['is', 'starred'],
      ],
    });
    expect(none.body).toMatchObject({ anchor: 10000000000000000, found_anchor: false, found_newest: true, messages: [] });
  });

  it('returns every field of the spec Message with its type', async () => {
    const res = await h.get('hamlet@zulip.com', '/messages', { anchor: ids.castle, num_before: 0, num_after: 0, client_gravatar: true });
    const m = res.body.messages[0];
    expect(m).toEqual({
      id: ids.castle,
      type: 'stream',
      content: expect.any(String),
      content_type: 'text/html',
      subject: 'Castle',
      subject_links: [],
      stream_id: expect.any(Number),
      display_recipient: 'Denmark',
      recipient_id: expect.any(Number),
      sender_id: await h.userId('hamlet@zulip.com'),
      sender_email: 'hamlet@zulip.com',
      sender_full_name: 'King Hamlet',
      sender_short_name: 'hamlet',
      sender_realm_str: 'zulip',
      avatar_url: null,
      client: 'ZulipPython',
      timestamp: expect.any(Number),
      flags: [],
      is_me_message: false,
      reactions: [],
      submessages: [],
    });
  });
});
