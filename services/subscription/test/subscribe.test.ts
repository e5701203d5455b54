import { anyOf, STREAM_COLORS } from '@chat/db';
import { ofType, startHarness, type Harness } from './helpers';

describe('POST /users/me/subscriptions', () => {
  let h: Harness;
  let ids: Record<string, number>;
  const everyone = ['ZOE', 'othello', 'iago', 'prospero', 'cordelia', 'hamlet', 'aaron', 'polonius'];
  const bots = ['error-bot', 'default-bot', 'webhook-bot', 'outgoing-webhook', 'notification-bot', 'welcome-bot'];

  beforeAll(async () => {
    h = await startHarness();
    ids = {};
    for (const name of [...everyone, ...bots]) ids[name] = await h.userId(`${name}@zulip.com`);
  });
  afterAll(() => h.close());
  const idsOf = (names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);
  const nonGuests = () => idsOf([...everyone.filter((n) => n !== 'polonius'), ...bots]);

  it('creates a missing stream and subscribes the caller (stream: nonexistent -> exists; not subscribed -> subscribed)', async () => {
    const mark = await h.mark();
    const res = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'new stream', description: 'New stream for testing' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', subscribed: { 'iago@zulip.com': ['new stream'] }, already_subscribed: {} });
    const stream = await h.db.knex('streams').where({ name: 'new stream' }).first();
    expect(stream).toMatchObject({
      description: 'New stream for testing',
      rendered_description: '<p>New stream for testing</p>',
      invite_only: false,
      history_public_to_subscribers: true,
      is_announcement_only: false,
    });
    const recipient = await h.db.knex('recipients').where({ id: stream.recipient_id }).first();
    expect(recipient).toMatchObject({ type: 2, type_id: stream.id });

    const events = await h.events(mark);
    const [create] = ofType(events, 'stream', 'create');
    expect(create!.userIds).toEqual(nonGuests());
    expect(create!.event.streams).toEqual([expect.objectContaining({ name: 'new stream', stream_id: stream.id, invite_only: false })]);
    const [add] = ofType(events, 'subscription', 'add');
    expect(add!.userIds).toEqual([ids.iago]);
    expect(add!.event.subscriptions).toEqual([
      expect.objectContaining({
        name: 'new stream',
        subscribers: [ids.iago],
        in_home_view: true,
        is_muted: false,
        color: expect.any(String),
      }),
    ]);
    const [peer] = ofType(events, 'subscription', 'peer_add');
    expect(peer!.event).toEqual({ type: 'subscription', op: 'peer_add', stream_ids: [stream.id], user_ids: [ids.iago] });
    expect(peer!.userIds).toEqual(nonGuests().filter((id) => id !== ids.iago));
    // A stream made by this request was announced by `create`; no `occupy` on top.
    expect(ofType(events, 'stream', 'occupy')).toEqual([]);
  });

  it('posts "Stream created by" to the new stream as Notification Bot', async () => {
    const before = await h.jobMark();
    await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'hamlet things' }] });
    expect(await h.botMessages(before)).toEqual([
      {
        realmId: h.realmId,
        type: 'stream',
        to: 'hamlet things',
        topic: 'stream events',
        content: `Stream created by @_**King Hamlet|${ids.hamlet}**.`,
      },
    ]);
  });

  it('lists a stream the user is already in under already_subscribed (subscribed -> subscribed)', async () => {
    const mark = await h.mark();
    const res = await h
      .as('hamlet@zulip.com')
      .post('/users/me/subscriptions', { subscriptions: [{ name: 'Verona' }, { name: 'Scotland' }] });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { 'hamlet@zulip.com': ['Scotland'] },
      already_subscribed: { 'hamlet@zulip.com': ['Verona'] },
    });
    const events = await h.events(mark);
    // One add for the queues that take null notification settings, one with hamlet's defaults filled in.
    const adds = ofType(events, 'subscription', 'add');
    expect(adds.map((n) => n.audience)).toEqual([
      { capability: 'notification_settings_null', declared: true },
      { capability: 'notification_settings_null', declared: false },
    ]);
    const unset = {
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    };
    const filled = {
      desktop_notifications: false,
      audible_notifications: false,
      push_notifications: false,
      email_notifications: false,
      wildcard_mentions_notify: true,
    };
    expect(adds[0]!.event.subscriptions).toEqual([expect.objectContaining({ name: 'Scotland', ...unset })]);
    expect(adds[1]!.event.subscriptions).toEqual([expect.objectContaining({ name: 'Scotland', ...filled })]);
    // Names are matched without regard to case; the response uses the stored name.
    const again = await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'scotland' }] });
    expect(again.body).toEqual({ result: 'success', msg: '', subscribed: {}, already_subscribed: { 'hamlet@zulip.com': ['Scotland'] } });
  });

  it('subscribes principals and answers the 200_already_subscribed shape for them', async () => {
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'principal stream' }] });
    const res = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'principal stream' }],
      principals: ['cordelia@zulip.com'],
    });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { 'cordelia@zulip.com': ['principal stream'] },
      already_subscribed: {},
    });
    const again = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'principal stream' }],
      principals: ['cordelia@zulip.com'],
    });
    expect(again.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: {},
      already_subscribed: { 'cordelia@zulip.com': ['principal stream'] },
    });
  });

  it('tells a user someone else subscribed them, by private message from Notification Bot', async () => {
    const before = await h.jobMark();
    await h
      .as('hamlet@zulip.com')
      .post('/users/me/subscriptions', { subscriptions: [{ name: 'Rome' }], principals: ['cordelia@zulip.com'] });
    expect(await h.botMessages(before)).toEqual([
      {
        realmId: h.realmId,
        type: 'private',
        to: 'cordelia@zulip.com',
        content: '@**King Hamlet** subscribed you to the stream #**Rome**.',
      },
    ]);
  });

  it('refuses an unknown or deactivated principal with UNAUTHORIZED_PRINCIPAL and creates nothing', async () => {
    const res = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'never made' }],
      principals: ['nobody@zulip.com'],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      result: 'error',
      msg: "User not authorized to execute queries on behalf of 'nobody@zulip.com'",
      code: 'UNAUTHORIZED_PRINCIPAL',
      principal: 'nobody@zulip.com',
    });
    expect(await h.db.knex('streams').where({ name: 'never made' }).first()).toBeUndefined();
  });

  it('takes principals by user id (feature level 9), refusing an unknown id by name', async () => {
    const unknown = await h
      .as('iago@zulip.com')
      .post('/users/me/subscriptions', { subscriptions: [{ name: 'never made' }], principals: [999999] });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({
      result: 'error',
      msg: "User not authorized to execute queries on behalf of '999999'",
      code: 'UNAUTHORIZED_PRINCIPAL',
      principal: 999999,
    });
    expect(await h.db.knex('streams').where({ name: 'never made' }).first()).toBeUndefined();
    const res = await h
      .as('iago@zulip.com')
      .post('/users/me/subscriptions', { subscriptions: [{ name: 'by id' }], principals: [ids.cordelia] });
    expect(res.body).toEqual({ result: 'success', msg: '', subscribed: { 'cordelia@zulip.com': ['by id'] }, already_subscribed: {} });
  });

  describe('private streams', () => {
    beforeAll(async () => {
      await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'private_stream' }], invite_only: true });
    });

    it('creates it invite-only, history not public by default, announced to administrators only', async () => {
      const mark = await h.mark();
      const res = await h
        .as('hamlet@zulip.com')
        .post('/users/me/subscriptions', { subscriptions: [{ name: 'secret plans' }], invite_only: true });
      expect(res.status).toBe(200);
      const stream = await h.db.knex('streams').where({ name: 'secret plans' }).first();
      expect(stream).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
      const events = await h.events(mark);
      const creates = ofType(events, 'stream', 'create');
      // Administrators on creation; the (non-admin) creator as a new subscriber.
      expect(creates.map((n) => n.userIds)).toEqual([[ids.iago], [ids.hamlet]]);
      // Peers of a private stream: its other subscribers and the administrators.
      expect(ofType(events, 'subscription', 'peer_add')[0]!.userIds).toEqual([ids.iago]);
    });

    it('keeps history_public_to_subscribers when asked for a private stream, and ignores it for a public one', async () => {
      await h.as('iago@zulip.com').post('/users/me/subscriptions', {
        subscriptions: [{ name: 'open history' }],
        invite_only: true,
        history_public_to_subscribers: true,
      });
      await h
        .as('iago@zulip.com')
        .post('/users/me/subscriptions', { subscriptions: [{ name: 'public always' }], history_public_to_subscribers: false });
      expect(await h.db.knex('streams').where({ name: 'open history' }).first()).toMatchObject({ history_public_to_subscribers: true });
      expect(await h.db.knex('streams').where({ name: 'public always' }).first()).toMatchObject({ history_public_to_subscribers: true });
    });

    it('answers an outsider with the 400_unauthorized_errors_fatal_true body', async () => {
      const res = await h.as('polonius@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'private_stream' }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'Unable to access stream (private_stream).' });
      const admin = await h.as('hamlet@zulip.com').post('/users/me/subscriptions', {
        subscriptions: [{ name: 'private_stream' }],
        authorization_errors_fatal: true,
      });
      expect(admin.body).toEqual({ result: 'error', msg: 'Unable to access stream (private_stream).' });
    });

    it('lists it under unauthorized when authorization errors are not fatal (400_unauthorized_errors_fatal_false)', async () => {
      const res = await h.as('polonius@zulip.com').post('/users/me/subscriptions', {
        subscriptions: [{ name: 'private_stream' }],
        authorization_errors_fatal: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'success', msg: '', subscribed: {}, already_subscribed: {}, unauthorized: ['private_stream'] });
      const mixed = await h.as('othello@zulip.com').post('/users/me/subscriptions', {
        subscriptions: [{ name: 'private_stream' }, { name: 'Venice' }],
        authorization_errors_fatal: false,
      });
      expect(mixed.body).toEqual({
        result: 'success',
        msg: '',
        subscribed: { 'othello@zulip.com': ['Venice'] },
        already_subscribed: {},
        unauthorized: ['private_stream'],
      });
    });

    it('lets a subscriber add others, who then learn the stream exists', async () => {
      const mark = await h.mark();
      const res = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
        subscriptions: [{ name: 'private_stream' }],
        principals: ['othello@zulip.com'],
      });
      expect(res.body.subscribed).toEqual({ 'othello@zulip.com': ['private_stream'] });
      const events = await h.events(mark);
      expect(ofType(events, 'stream', 'create').map((n) => n.userIds)).toEqual([[ids.othello]]);
      expect(ofType(events, 'subscription', 'add')[0]!.userIds).toEqual([ids.othello]);
    });
  });

  describe('guests', () => {
    it('may not create streams', async () => {
      const res = await h.as('polonius@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'guest stream' }] });
      expect(res.body).toEqual({ result: 'error', msg: 'User cannot create streams.', code: 'BAD_REQUEST' });
    });

    it('may not join public streams they are not in', async () => {
      const res = await h.as('polonius@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'Denmark' }] });
      expect(res.body).toEqual({ result: 'error', msg: 'Unable to access stream (Denmark).' });
    });

    it('may not subscribe others', async () => {
      const res = await h.as('polonius@zulip.com').post('/users/me/subscriptions', {
        subscriptions: [{ name: 'Verona' }],
        principals: ['hamlet@zulip.com'],
      });
      expect(res.body).toEqual({ result: 'error', msg: 'Not allowed for guest users', code: 'BAD_REQUEST' });
    });
  });

  it('lets only administrators create announcement-only streams', async () => {
    const member = await h.as('hamlet@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'announcements' }],
      is_announcement_only: true,
    });
    expect(member.body).toEqual({ result: 'error', msg: 'User cannot create a stream with these settings.', code: 'BAD_REQUEST' });
    const admin = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'announcements' }],
      is_announcement_only: true,
    });
    expect(admin.status).toBe(200);
    expect(await h.db.knex('streams').where({ name: 'announcements' }).first()).toMatchObject({ is_announcement_only: true });
  });

  it('announces new public streams in the notifications stream when asked to', async () => {
    const verona = await h.streamId('Verona');
    await h.db.knex('realms').where({ id: h.realmId }).update({ notifications_stream_id: verona });
    try {
      const before = await h.jobMark();
      await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'announced one' }], announce: true });
      const posts = await h.botMessages(before);
      expect(posts).toContainEqual({
        realmId: h.realmId,
        type: 'stream',
        to: 'Verona',
        topic: 'new streams',
        content: `@_**King Hamlet|${ids.hamlet}** created a new stream #**announced one**.`,
      });
      const many = await h.jobMark();
      await h
        .as('hamlet@zulip.com')
        .post('/users/me/subscriptions', { subscriptions: [{ name: 'first of two' }, { name: 'second of two' }], announce: true });
      expect(await h.botMessages(many)).toContainEqual(
        expect.objectContaining({
          to: 'Verona',
          content: `@_**King Hamlet|${ids.hamlet}** created the following streams: #**first of two**, #**second of two**.`,
        }),
      );
      const quiet = await h.jobMark();
      await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'not announced' }] });
      expect((await h.botMessages(quiet)).map((m) => m.to)).toEqual(['not announced']);
    } finally {
      await h.db.knex('realms').where({ id: h.realmId }).update({ notifications_stream_id: null });
    }
  });

  it('assigns palette colors in turn and honours a color the request gives', async () => {
    // cordelia: Verona (seeded), then new streams take the next free colors.
    const res = await h.as('cordelia@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'color one' }, { name: 'color two', color: '#abcdef' }],
    });
    expect(res.status).toBe(200);
    const colors = await h.db
      .knex('subscriptions as sub')
      .join('streams as s', 's.id', 'sub.stream_id')
      .where({ 'sub.user_id': ids.cordelia })
      .whereRaw(...anyOf('s.name', ['color one', 'color two']))
      .orderBy('s.name')
      .select('sub.color');
    const used = await h.db.knex('subscriptions').where({ user_id: ids.cordelia }).select('color');
    expect(STREAM_COLORS).toContain(colors[0].color);
    expect(colors[1].color).toBe('#abcdef');
    expect(new Set(used.map((u: { color: string }) => u.color)).size).toBe(used.length);
  });

  it('sends occupy when a public stream gains its first subscriber again', async () => {
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'lonely' }] });
    await h.as('iago@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['lonely'] });
    const mark = await h.mark();
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'lonely' }] });
    const [occupy] = ofType(await h.events(mark), 'stream', 'occupy');
    expect(occupy!.event.streams).toEqual([expect.objectContaining({ name: 'lonely' })]);
    expect(occupy!.userIds).toEqual(idsOf([...everyone, ...bots]));
  });

  it.each([
    [{ subscriptions: 'not json' }, 'Argument "subscriptions" is not valid JSON.'],
    [{ subscriptions: { name: 'x' } }, 'subscriptions is not a list'],
    [{ subscriptions: ['x'] }, 'subscriptions[0] is not a dict'],
    [{ subscriptions: [{ description: 'x' }] }, 'name key is missing from subscriptions[0]'],
    [{ subscriptions: [{ name: 5 }] }, 'subscriptions[0]["name"] is not a string'],
    [{ subscriptions: [{ name: 'x', color: 'red' }] }, 'subscriptions[0]["color"] is not a valid hex color code'],
    [
      { subscriptions: [{ name: 'x', description: 'd'.repeat(1025) }] },
      'subscriptions[0]["description"] is too long (limit: 1024 characters)',
    ],
    [{ subscriptions: [{ name: '   ' }] }, "Invalid stream name ''"],
    [{ subscriptions: [{ name: 'n'.repeat(61) }] }, 'Stream name too long (limit: 60 characters).'],
    [{ subscriptions: [{ name: 'a\u0000b' }] }, "Stream name 'a\u0000b' contains NULL (0x00) characters."],
    [{ subscriptions: [{ name: 'x' }], principals: 'iago@zulip.com' }, 'Argument "principals" is not valid JSON.'],
    [{ subscriptions: [{ name: 'x' }], principals: ['iago@zulip.com', 3] }, 'principals is not an allowed_type'],
    [{ subscriptions: [{ name: 'x' }], invite_only: 'yes' }, 'Argument "invite_only" is not valid JSON.'],
  ])('rejects %j with "%s" and writes nothing', async (form, msg) => {
    const streams = await h.db.knex('streams').count({ n: '*' }).first();
    const mark = await h.mark();
    const res = await h.as('hamlet@zulip.com').post('/users/me/subscriptions', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect(await h.db.knex('streams').count({ n: '*' }).first()).toEqual(streams);
    expect(await h.events(mark)).toEqual([]);
  });

  it('requires subscriptions', async () => {
    const res = await h.as('hamlet@zulip.com').post('/users/me/subscriptions', {});
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'subscriptions' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'subscriptions',
    });
  });

  it('replaces newlines in descriptions and strips names', async () => {
    await h
      .as('hamlet@zulip.com')
      .post('/users/me/subscriptions', { subscriptions: [{ name: '  spaced  ', description: 'line one\nline two' }] });
    expect(await h.db.knex('streams').where({ name: 'spaced' }).first()).toMatchObject({ description: 'line one line two' });
  });
});
