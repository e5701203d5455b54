import { ofType, startHarness, type Harness } from './helpers';

describe('listing streams and subscriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'private_stream' }], invite_only: true });
  });
  afterAll(() => h.close());
  /** A stream's creation time in seconds, as stream dicts give it from feature level 30. */
  const createdAt = async (name: string) => {
    const row: { date_created: Date } = await h.db.knex('streams').where({ realm_id: h.realmId, name }).first('date_created');
    return Math.floor(new Date(row.date_created).getTime() / 1000);
  };

  describe('GET /users/me/subscriptions', () => {
    it('gives every Subscription field, sorted by name', async () => {
      const res = await h.as('hamlet@zulip.com').get('/users/me/subscriptions');
      expect(res.status).toBe(200);
      expect(res.body.subscriptions.map((s: { name: string }) => s.name)).toEqual(['Denmark', 'Verona']);
      const [denmark] = res.body.subscriptions;
      expect(denmark).toEqual({
        name: 'Denmark',
        stream_id: await h.streamId('Denmark'),
        description: 'A Scandinavian country',
        rendered_description: '<p>A Scandinavian country</p>',
        invite_only: false,
        is_web_public: false,
        is_announcement_only: false,
        is_archived: false,
        history_public_to_subscribers: true,
        first_message_id: null,
        date_created: await createdAt('Denmark'),
        stream_post_policy: 1,
        message_retention_days: null,
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        is_muted: false,
        in_home_view: true,
        pin_to_top: false,
        // Unset on the subscription, so hamlet's defaults (enable_stream_desktop_notifications, ...).
        desktop_notifications: false,
        audible_notifications: false,
        push_notifications: false,
        email_notifications: false,
        wildcard_mentions_notify: true,
        email_address: expect.stringMatching(/^Denmark\+[0-9a-f]{32}@/),
        is_old_stream: false,
        stream_weekly_traffic: null,
      });
      expect(denmark.subscribers).toBeUndefined();
    });

    it('adds subscribers as sorted e-mail addresses with include_subscribers', async () => {
      const res = await h.as('hamlet@zulip.com').get('/users/me/subscriptions', { include_subscribers: true });
      const denmark = res.body.subscriptions.find((s: { name: string }) => s.name === 'Denmark');
      expect(denmark.subscribers).toEqual([
        'ZOE@zulip.com',
        'hamlet@zulip.com',
        'iago@zulip.com',
        'othello@zulip.com',
        'prospero@zulip.com',
      ]);
    });
  });

  describe('GET /streams', () => {
    const names = (res: { body: { streams: { name: string }[] } }) => res.body.streams.map((s) => s.name);

    it('lists public and subscribed streams by default, private ones only for their subscribers', async () => {
      const hamlet = await h.as('hamlet@zulip.com').get('/streams');
      expect(hamlet.body.result).toBe('success');
      expect(names(hamlet)).toEqual(['Denmark', 'Rome', 'Scotland', 'Venice', 'Verona']);
      expect(hamlet.body.streams[0]).toEqual({
        name: 'Denmark',
        stream_id: await h.streamId('Denmark'),
        description: 'A Scandinavian country',
        rendered_description: '<p>A Scandinavian country</p>',
        invite_only: false,
        is_web_public: false,
        is_announcement_only: false,
        is_archived: false,
        history_public_to_subscribers: true,
        first_message_id: null,
        date_created: await createdAt('Denmark'),
        stream_post_policy: 1,
        message_retention_days: null,
      });
      expect(names(await h.as('iago@zulip.com').get('/streams'))).toEqual([
        'Denmark',
        'Rome',
        'Scotland',
        'Venice',
        'Verona',
        'private_stream',
      ]);
    });

    it('honours include_public and include_subscribed', async () => {
      expect(names(await h.as('iago@zulip.com').get('/streams', { include_public: false }))).toEqual([
        'Denmark',
        'Scotland',
        'Verona',
        'private_stream',
      ]);
      expect(names(await h.as('hamlet@zulip.com').get('/streams', { include_subscribed: false }))).toEqual([
        'Denmark',
        'Rome',
        'Scotland',
        'Venice',
        'Verona',
      ]);
      expect(names(await h.as('hamlet@zulip.com').get('/streams', { include_subscribed: false, include_public: false }))).toEqual([]);
    });

    it('shows guests only their own streams', async () => {
      expect(names(await h.as('polonius@zulip.com').get('/streams'))).toEqual(['Verona']);
    });

    it('gives include_all_active to administrators only, with the exact fixture body otherwise', async () => {
      const guest = await h.as('polonius@zulip.com').get('/streams', { include_all_active: true });
      expect(guest.status).toBe(400);
      expect(guest.body).toEqual({ code: 'BAD_REQUEST', msg: 'User not authorized for this query', result: 'error' });
      const member = await h.as('hamlet@zulip.com').get('/streams', { include_all_active: true });
      expect(member.body).toEqual({ code: 'BAD_REQUEST', msg: 'User not authorized for this query', result: 'error' });
      await h
        .as('iago@zulip.com')
        .post('/users/me/subscriptions', { subscriptions: [{ name: 'zoe only' }], invite_only: true, principals: ['ZOE@zulip.com'] });
      expect(names(await h.as('iago@zulip.com').get('/streams', { include_all_active: true }))).toContain('zoe only');
      expect(names(await h.as('iago@zulip.com').get('/streams'))).not.toContain('zoe only');
    });

    it('adds the default streams with include_default', async () => {
      expect(
        names(await h.as('hamlet@zulip.com').get('/streams', { include_public: false, include_subscribed: false, include_default: true })),
      ).toEqual(['Verona']);
      expect(names(await h.as('polonius@zulip.com').get('/streams', { include_subscribed: false, include_default: true }))).toEqual([]);
    });

    it("adds a bot's owner's streams with include_owner_subscribed", async () => {
      // The webhook bot is owned by ZOE and subscribed to nothing.
      const plain = await h.as('webhook-bot@zulip.com').get('/streams', { include_public: false });
      expect(names(plain)).toEqual([]);
      const owner = await h.as('webhook-bot@zulip.com').get('/streams', { include_public: false, include_owner_subscribed: true });
      expect(names(owner)).toEqual(['Denmark', 'Rome', 'Scotland', 'Venice', 'Verona', 'zoe only']);
      // For a human the flag means nothing.
      expect(names(await h.as('hamlet@zulip.com').get('/streams', { include_public: false, include_owner_subscribed: true }))).toEqual([
        'Denmark',
        'Verona',
      ]);
    });

    it('leaves out streams without subscribers', async () => {
      await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'empty soon' }] });
      await h.as('iago@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['empty soon'] });
      expect(names(await h.as('iago@zulip.com').get('/streams'))).not.toContain('empty soon');
    });
  });

  describe('GET /get_stream_id', () => {
    it('gives the id of a stream the caller may see', async () => {
      const res = await h.as('hamlet@zulip.com').get('/get_stream_id', { stream: 'denmark' });
      expect(res.body).toEqual({ result: 'success', msg: '', stream_id: await h.streamId('Denmark') });
    });

    it('answers a nonexistent or hidden stream alike', async () => {
      const missing = await h.as('hamlet@zulip.com').get('/get_stream_id', { stream: 'nonexistent' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ code: 'BAD_REQUEST', msg: "Invalid stream name 'nonexistent'", result: 'error' });
      const hidden = await h.as('hamlet@zulip.com').get('/get_stream_id', { stream: 'private_stream' });
      expect(hidden.body).toEqual({ code: 'BAD_REQUEST', msg: "Invalid stream name 'private_stream'", result: 'error' });
      const guest = await h.as('polonius@zulip.com').get('/get_stream_id', { stream: 'Denmark' });
      expect(guest.body.msg).toBe("Invalid stream name 'Denmark'");
      const none = await h.as('hamlet@zulip.com').get('/get_stream_id');
      expect(none.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'stream' });
    });
  });

  describe('GET /users/me/{stream_id}/topics', () => {
    async function post(streamName: string, topic: string, userEmail: string): Promise<number> {
      const stream = await h.db.knex('streams').where({ name: streamName }).first();
      const sender = await h.userId(userEmail);
      const [row] = await h.db
        .knex('messages')
        .insert({
          realm_id: h.realmId,
          sender_id: sender,
          recipient_id: stream.recipient_id,
          stream_id: stream.id,
          subject: topic,
          content: 'x',
          rendered_content: '<p>x</p>',
          sending_client: 'test',
        })
        .returning('id');
      const subscribers = await h.db.knex('subscriptions').where({ stream_id: stream.id, active: true }).select('user_id');
      await h.db.knex('user_messages').insert(subscribers.map((s: { user_id: number }) => ({ user_id: s.user_id, message_id: row.id })));
      return row.id;
    }

    it('lists topics newest first, one per name regardless of case, in its newest spelling', async () => {
      const a = await post('Scotland', 'Loch', 'iago@zulip.com');
      const b = await post('Scotland', 'Highlands', 'iago@zulip.com');
      const c = await post('Scotland', 'loch', 'othello@zulip.com');
      const res = await h.as('hamlet@zulip.com').get(`/users/me/${await h.streamId('Scotland')}/topics`);
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        topics: [
          { name: 'loch', max_id: c },
          { name: 'Highlands', max_id: b },
        ],
      });
      expect(a).toBeLessThan(b);
    });

    it('shows a private stream without public history only what the user received', async () => {
      await post('private_stream', 'before', 'iago@zulip.com');
      await h
        .as('iago@zulip.com')
        .post('/users/me/subscriptions', { subscriptions: [{ name: 'private_stream' }], principals: ['hamlet@zulip.com'] });
      const after = await post('private_stream', 'after', 'iago@zulip.com');
      const id = await h.streamId('private_stream');
      expect((await h.as('hamlet@zulip.com').get(`/users/me/${id}/topics`)).body.topics).toEqual([{ name: 'after', max_id: after }]);
      expect((await h.as('iago@zulip.com').get(`/users/me/${id}/topics`)).body.topics.map((t: { name: string }) => t.name)).toEqual([
        'after',
        'before',
      ]);
    });

    it('hides streams the caller may not see and rejects bad ids', async () => {
      const id = await h.streamId('zoe only');
      const hidden = await h.as('hamlet@zulip.com').get(`/users/me/${id}/topics`);
      expect(hidden.body).toEqual({ code: 'BAD_REQUEST', msg: 'Invalid stream id', result: 'error' });
      const missing = await h.as('hamlet@zulip.com').get('/users/me/99999/topics');
      expect(missing.body).toEqual({ code: 'BAD_REQUEST', msg: 'Invalid stream id', result: 'error' });
      const bad = await h.as('hamlet@zulip.com').get('/users/me/abc/topics');
      expect(bad.body).toMatchObject({ code: 'REQUEST_VARIABLE_INVALID', var_name: 'stream_id' });
    });
  });

  it('emits nothing for reads', async () => {
    const mark = await h.mark();
    await h.as('hamlet@zulip.com').get('/streams');
    await h.as('hamlet@zulip.com').get('/users/me/subscriptions');
    expect(ofType(await h.events(mark), 'stream')).toEqual([]);
  });
});
