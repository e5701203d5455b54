import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('bots', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const create = async (caller: string, form: Record<string, string>) =>
    request(h.app)
      .post('/api/v1/bots')
      .set(await h.headers(caller))
      .type('form')
      .send(form);

  it('POST /bots creates a bot owned by the caller and returns its key', async () => {
    const notices = await eventsOf(h.db, async () => {
      const res = await create('hamlet@zulip.com', { full_name: 'Yorick', short_name: 'yorick' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        user_id: expect.any(Number),
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        avatar_url: expect.stringContaining('gravatar'),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      });
    });
    const bot = await h.user('yorick-bot@zulip.com');
    const hamlet = await h.user('hamlet@zulip.com');
    expect(bot).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: hamlet.id, full_name: 'Yorick' });
    expect(notices.map((n) => [n.event.type, n.event.op])).toEqual([
      ['realm_user', 'add'],
      // A bot is a member by role: it joins that system group.
      ['user_group', 'add_members'],
      ['realm_bot', 'add'],
    ]);
    expect(notices[1]!.event).toMatchObject({ user_ids: [bot.id] });
    expect(notices[2]!.event.bot).toEqual({
      email: 'yorick-bot@zulip.com',
      user_id: bot.id,
      full_name: 'Yorick',
      bot_type: 1,
      is_active: true,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      avatar_url: expect.any(String),
      services: [],
      owner: 'hamlet@zulip.com',
    });
    expect(notices[2]!.userIds).toEqual([(await h.user('iago@zulip.com')).id, hamlet.id].sort((a, b) => a - b));
    // Bots get no default streams (Zulip subscribes only humans).
    expect(h.internalCalls).toEqual([]);
  });

  it('creates incoming webhook bots and refuses other types', async () => {
    const res = await create('hamlet@zulip.com', { full_name: 'Hook', short_name: 'hook', bot_type: '2' });
    expect(res.status).toBe(200);
    expect((await h.user('hook-bot@zulip.com')).bot_type).toBe(2);
    for (const type of ['4', '9']) {
      const bad = await create('hamlet@zulip.com', { full_name: `Type ${type}`, short_name: `t${type}`, bot_type: type });
      expect(bad.body).toEqual({ result: 'error', msg: 'Invalid bot type', code: 'BAD_REQUEST' });
    }
  });

  it.each([
    [{ full_name: 'Yorick', short_name: 'other' }, 'Name is already in use!', 'BAD_REQUEST'],
    [{ full_name: 'Another', short_name: 'yorick' }, 'Username already in use', undefined],
    [{ full_name: 'Another', short_name: '  ' }, 'Bad name or username', undefined],
    [{ full_name: 'A', short_name: 'short' }, 'Name too short!', 'BAD_REQUEST'],
    [{ full_name: 'Bad name', short_name: 'bad name' }, 'Bad name or username', undefined],
  ])('refuses %p', async (form, msg, code) => {
    const res = await create('hamlet@zulip.com', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(code ? { result: 'error', msg, code } : { result: 'error', msg });
  });

  it('refuses guests and requires the names', async () => {
    expect((await create('polonius@zulip.com', { full_name: 'Spy', short_name: 'spy' })).body).toEqual({
      result: 'error',
      msg: 'Not allowed for guest users',
      code: 'BAD_REQUEST',
    });
    expect((await create('hamlet@zulip.com', { short_name: 'x' })).body.var_name).toBe('full_name');
    expect((await create('hamlet@zulip.com', { full_name: 'x' })).body.var_name).toBe('short_name');
    expect((await create('hamlet@zulip.com', { full_name: 'Xx', short_name: 'x', bot_type: 'one' })).body.code).toBe(
      'REQUEST_VARIABLE_INVALID',
    );
  });

  it('refuses bots and guests on the bot endpoints (require_member_or_admin), so a bot key cannot mint keys', async () => {
    const made = await create('prospero@zulip.com', { full_name: 'Rosencrantz', short_name: 'rosencrantz' });
    const botId: number = made.body.user_id;
    const asBot = await h.headers('rosencrantz-bot@zulip.com');
    const asGuest = await h.headers('polonius@zulip.com');
    const calls = [
      (headers: Record<string, string>) =>
        request(h.app).post('/api/v1/bots').set(headers).type('form').send({ full_name: 'Guildenstern', short_name: 'guildenstern' }),
      (headers: Record<string, string>) => request(h.app).get('/api/v1/bots').set(headers),
      (headers: Record<string, string>) =>
        request(h.app).patch(`/api/v1/bots/${botId}`).set(headers).type('form').send({ full_name: 'Renamed' }),
      (headers: Record<string, string>) => request(h.app).post(`/api/v1/bots/${botId}/api_key/regenerate`).set(headers),
    ];
    for (const call of calls) {
      const byBot = await call(asBot);
      expect([byBot.status, byBot.body]).toEqual([400, { result: 'error', msg: 'This endpoint does not accept bot requests.' }]);
      const byGuest = await call(asGuest);
      expect([byGuest.status, byGuest.body]).toEqual([400, { result: 'error', msg: 'Not allowed for guest users', code: 'BAD_REQUEST' }]);
    }
    expect(await h.user('guildenstern-bot@zulip.com')).toBeUndefined();
    expect((await h.user('rosencrantz-bot@zulip.com')).full_name).toBe('Rosencrantz');
  });

  it("GET /bots lists the caller's bots with their keys", async () => {
    const res = await request(h.app)
      .get('/api/v1/bots')
      .set(await h.headers('hamlet@zulip.com'));
    expect(res.status).toBe(200);
    const bot = await h.user('yorick-bot@zulip.com');
    expect(res.body.bots.map((b: { username: string }) => b.username)).toEqual(['yorick-bot@zulip.com', 'hook-bot@zulip.com']);
    expect(res.body.bots[0]).toEqual({
      username: 'yorick-bot@zulip.com',
      full_name: 'Yorick',
      api_key: h.deps.cipher.decrypt(bot.api_key_enc),
      avatar_url: expect.any(String),
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
    });
    const other = await request(h.app)
      .get('/api/v1/bots')
      .set(await h.headers('othello@zulip.com'));
    expect(other.body).toEqual({ result: 'success', msg: '', bots: [] });
  });

  it('PATCH /bots/{id} renames and changes owner, with events', async () => {
    const bot = await h.user('yorick-bot@zulip.com');
    const othello = await h.user('othello@zulip.com');
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await request(h.app)
        .patch(`/api/v1/bots/${bot.id}`)
        .set(await h.headers('hamlet@zulip.com'))
        .type('form')
        .send({ full_name: 'Poor Yorick', bot_owner_id: String(othello.id) });
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        full_name: 'Poor Yorick',
        avatar_url: expect.any(String),
        service_interface: 1,
        service_payload_url: null,
        config_data: null,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        bot_owner: 'othello@zulip.com',
      });
    });
    expect(notices.map((n) => [n.event.type, n.event.op, n.userIds.includes(hamlet.id), n.userIds.includes(othello.id)])).toEqual([
      ['realm_user', 'update', true, true],
      ['realm_bot', 'update', true, false],
      ['realm_bot', 'delete', true, false],
      ['realm_bot', 'add', false, true],
      ['realm_bot', 'update', false, true],
      ['realm_user', 'update', true, true],
    ]);
    expect((await h.user('yorick-bot@zulip.com')).bot_owner_id).toBe(othello.id);
    // Hamlet no longer manages it.
    const denied = await request(h.app)
      .patch(`/api/v1/bots/${bot.id}`)
      .set(await h.headers('hamlet@zulip.com'))
      .type('form')
      .send({ full_name: 'Mine' });
    expect(denied.body).toEqual({ result: 'error', msg: 'Insufficient permission', code: 'BAD_REQUEST' });
  });

  it('PATCH /bots/{id} refuses bad owners and unknown bots', async () => {
    const bot = await h.user('yorick-bot@zulip.com');
    const patch = async (form: Record<string, string>, id = bot.id) =>
      (
        await request(h.app)
          .patch(`/api/v1/bots/${id}`)
          .set(await h.headers('othello@zulip.com'))
          .type('form')
          .send(form)
      ).body;
    expect(await patch({ bot_owner_id: '999999' })).toEqual({ result: 'error', msg: 'Failed to change owner, no such user' });
    expect(await patch({ bot_owner_id: String((await h.user('error-bot@zulip.com')).id) })).toEqual({
      result: 'error',
      msg: "Failed to change owner, bots can't own other bots",
    });
    expect(await patch({ full_name: 'x' }, (await h.user('hamlet@zulip.com')).id)).toEqual({
      result: 'error',
      msg: 'No such bot',
      code: 'BAD_REQUEST',
    });
    expect(await patch({ full_name: 'x' }, 999999)).toEqual({ result: 'error', msg: 'No such bot', code: 'BAD_REQUEST' });
  });

  it("regenerates keys for oneself and for one's bots; the old key stops matching", async () => {
    const bot = await h.user('yorick-bot@zulip.com');
    const before = bot.api_key_hash;
    const res = await request(h.app)
      .post(`/api/v1/bots/${bot.id}/api_key/regenerate`)
      .set(await h.headers('othello@zulip.com'));
    expect(res.body).toEqual({ result: 'success', msg: '', api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    const after = await h.user('yorick-bot@zulip.com');
    expect(after.api_key_hash).not.toBe(before);
    expect(h.deps.cipher.decrypt(after.api_key_enc)).toBe(res.body.api_key);
    const denied = await request(h.app)
      .post(`/api/v1/bots/${bot.id}/api_key/regenerate`)
      .set(await h.headers('hamlet@zulip.com'));
    expect(denied.body).toEqual({ result: 'error', msg: 'Insufficient permission', code: 'BAD_REQUEST' });

    const own = await request(h.app)
      .post('/api/v1/users/me/api_key/regenerate')
      .set(await h.headers('hamlet@zulip.com'));
    expect(own.body.api_key).toBe(h.deps.cipher.decrypt((await h.user('hamlet@zulip.com')).api_key_enc));
  });

  it('DELETE /bots/{id} deactivates the bot (admins may too)', async () => {
    const bot = await h.user('hook-bot@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await request(h.app)
        .delete(`/api/v1/bots/${bot.id}`)
        .set(await h.headers('iago@zulip.com'));
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => [n.event.type, n.event.op])).toEqual([
      ['realm_user', 'remove'],
      ['realm_bot', 'remove'],
    ]);
    expect((await h.user('hook-bot@zulip.com')).is_active).toBe(false);
    const other = await request(h.app)
      .delete(`/api/v1/bots/${(await h.user('yorick-bot@zulip.com')).id}`)
      .set(await h.headers('cordelia@zulip.com'));
    expect(other.body).toEqual({ result: 'error', msg: 'Insufficient permission', code: 'BAD_REQUEST' });
  });
});
