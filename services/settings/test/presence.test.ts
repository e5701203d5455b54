import request from 'supertest';
import { eventsOf, startSettings, type Harness } from './helpers';

describe('presence', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const post = async (email: string, path: string, form: Record<string, string>, agent = 'ZulipMobile/1.0') =>
    request(h.app)
      .post(`/api/v1${path}`)
      .set(await h.headers(email))
      .set('User-Agent', agent)
      .type('form')
      .send(form);
  const get = async (email: string, path: string) =>
    request(h.app)
      .get(`/api/v1${path}`)
      .set(await h.headers(email));

  it('records a client, tells the realm when it is new, and answers with the realm presences', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    let res: request.Response | undefined;
    const notices = await eventsOf(h.db, async () => {
      res = await post('hamlet@zulip.com', '/users/me/presence', { status: 'active', new_user_input: 'true' });
    });
    expect(res!.body).toMatchObject({ result: 'success', msg: '', server_timestamp: expect.any(Number) });
    const mine = res!.body.presences['hamlet@zulip.com'];
    expect(mine).toEqual({
      aggregated: { client: 'ZulipMobile', status: 'active', timestamp: expect.any(Number) },
      ZulipMobile: { client: 'ZulipMobile', status: 'active', timestamp: expect.any(Number), pushable: false },
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.event).toEqual({
      type: 'presence',
      user_id: hamlet.id,
      email: 'hamlet@zulip.com',
      server_timestamp: expect.any(Number),
      presence: { ZulipMobile: { client: 'ZulipMobile', status: 'active', timestamp: mine.ZulipMobile.timestamp, pushable: false } },
    });
    const othello = await h.user('othello@zulip.com');
    expect(notices[0]!.userIds).toEqual(expect.arrayContaining([hamlet.id, othello.id]));

    // A second active ping soon after is no news; an idle report right after an active one is
    // ignored (two open clients must not flap), and recorded quietly once the active one is stale.
    expect(await eventsOf(h.db, () => post('hamlet@zulip.com', '/users/me/presence', { status: 'active' }))).toEqual([]);
    expect(await eventsOf(h.db, () => post('hamlet@zulip.com', '/users/me/presence', { status: 'idle' }))).toEqual([]);
    expect((await get('othello@zulip.com', '/users/hamlet@zulip.com/presence')).body.presence.aggregated.status).toBe('active');
    await h.db
      .knex('user_presence')
      .where({ user_id: hamlet.id })
      .update({ timestamp: new Date(Date.now() - 80 * 1000) });
    expect(await eventsOf(h.db, () => post('hamlet@zulip.com', '/users/me/presence', { status: 'idle' }))).toEqual([]);
    expect((await get('othello@zulip.com', '/users/hamlet@zulip.com/presence')).body.presence.aggregated.status).toBe('idle');
    // Back from idle: the realm hears it.
    const back = await eventsOf(h.db, () => post('hamlet@zulip.com', '/users/me/presence', { status: 'active' }));
    expect(back.map((n) => n.event.type)).toEqual(['presence']);
  });

  it('answers only success for ping_only, and the same dict from GET /realm/presence', async () => {
    const ping = await post('iago@zulip.com', '/users/me/presence', { status: 'idle', ping_only: 'true' }, 'website');
    expect(ping.body).toEqual({ result: 'success', msg: '' });
    const realm = await get('othello@zulip.com', '/realm/presence');
    expect(realm.body).toMatchObject({ result: 'success', msg: '', server_timestamp: expect.any(Number) });
    expect(realm.body.presences['iago@zulip.com']).toEqual({
      aggregated: { client: 'website', status: 'idle', timestamp: expect.any(Number) },
      website: { client: 'website', status: 'idle', timestamp: expect.any(Number), pushable: false },
    });
  });

  it("shows one user's presence without client names, offline past the threshold", async () => {
    await post('cordelia@zulip.com', '/users/me/presence', { status: 'active' }, 'website');
    const fresh = await get('othello@zulip.com', '/users/cordelia@zulip.com/presence');
    expect(fresh.body).toEqual({
      result: 'success',
      msg: '',
      presence: {
        website: { status: 'active', timestamp: expect.any(Number) },
        aggregated: { status: 'active', timestamp: expect.any(Number) },
      },
    });
    const cordelia = await h.user('cordelia@zulip.com');
    await h.db
      .knex('user_presence')
      .where({ user_id: cordelia.id })
      .update({ timestamp: new Date(Date.now() - 141 * 1000) });
    const old = await get('othello@zulip.com', '/users/cordelia@zulip.com/presence');
    expect(old.body.presence.aggregated.status).toBe('offline');
    expect(old.body.presence.website.status).toBe('active');
  });

  it("answers Zulip's errors", async () => {
    expect((await post('hamlet@zulip.com', '/users/me/presence', { status: 'away' })).body).toEqual({
      result: 'error',
      msg: 'Invalid status: away',
      code: 'BAD_REQUEST',
    });
    expect((await post('hamlet@zulip.com', '/users/me/presence', {})).body).toEqual({
      result: 'error',
      msg: "Missing 'status' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'status',
    });
    expect((await post('hamlet@zulip.com', '/users/me/presence', { status: 'active', ping_only: 'yes' })).body.msg).toBe(
      'Argument "ping_only" is not valid JSON.',
    );
    expect((await get('othello@zulip.com', '/users/nobody@zulip.com/presence')).body).toEqual({ result: 'error', msg: 'No such user' });
    expect((await get('othello@zulip.com', '/users/prospero@zulip.com/presence')).body).toEqual({
      result: 'error',
      msg: 'No presence data for prospero@zulip.com',
    });
    const bot = (await h.db.knex('users').where({ realm_id: h.realmId, is_bot: true, is_active: true }).first('email')) as {
      email: string;
    };
    expect((await get('othello@zulip.com', `/users/${bot.email}/presence`)).body).toEqual({
      result: 'error',
      msg: 'Presence is not supported for bot users.',
    });
    expect((await post(bot.email, '/users/me/presence', { status: 'active' })).body.msg).toBe(
      'This endpoint does not accept bot requests.',
    );
  });
});

describe('POST /users/me/status', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());
  const put = async (email: string, form: Record<string, string>) =>
    request(h.app)
      .post('/api/v1/users/me/status')
      .set(await h.headers(email))
      .type('form')
      .send(form);

  it('sets away and the status text, with a user_status event carrying what changed', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    let res: request.Response | undefined;
    const notices = await eventsOf(h.db, async () => {
      res = await put('hamlet@zulip.com', { away: 'true', status_text: '  on vacation ' });
    });
    expect(res!.body).toEqual({ result: 'success', msg: '' });
    expect(notices.map((n) => n.event)).toEqual([{ type: 'user_status', user_id: hamlet.id, away: true, status_text: 'on vacation' }]);
    expect(notices[0]!.userIds).toContain((await h.user('othello@zulip.com')).id);
    const only = await eventsOf(h.db, () => put('hamlet@zulip.com', { away: 'false' }));
    expect(only.map((n) => n.event)).toEqual([{ type: 'user_status', user_id: hamlet.id, away: false }]);
    expect(await h.db.knex('user_status').where({ user_id: hamlet.id }).first('status', 'status_text')).toEqual({
      status: 0,
      status_text: 'on vacation',
    });
  });

  it("answers Zulip's errors", async () => {
    expect((await put('hamlet@zulip.com', {})).body).toEqual({ result: 'error', msg: 'Client did not pass any new values.' });
    expect((await put('hamlet@zulip.com', { status_text: 'x'.repeat(61) })).body).toEqual({
      result: 'error',
      msg: 'status_text is too long (limit: 60 characters)',
      code: 'BAD_REQUEST',
    });
    expect((await put('hamlet@zulip.com', { away: 'maybe' })).body.msg).toBe('Argument "away" is not valid JSON.');
  });
});

describe('presence and status never answer 500 to bad input', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  it.each([
    ['post', '/users/me/presence', { status: 'active', client: 'a\u0000b' }],
    ['post', '/users/me/presence', { status: 'a\u0000b' }],
    ['get', '/users/a%00b@zulip.com/presence', {}],
    ['get', `/users/${'x'.repeat(300)}@zulip.com/presence`, {}],
    ['post', '/users/me/status', { status_text: 'a\u0000b' }],
    ['post', '/users/me/status', { away: 'true', client: 'a\u0000b' }],
  ] as const)('%s %s %j', async (method, path, form) => {
    const headers = await h.headers('hamlet@zulip.com');
    const res = await request(h.app)[method](`/api/v1${path}`).set(headers).type('form').send(form);
    expect(res.status).toBeLessThan(500);
    expect(res.body.result).toBeDefined();
  });
});
