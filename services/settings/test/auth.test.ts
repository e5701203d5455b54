import request from 'supertest';
import { Authenticator } from '@chat/auth';
import { anonymousHeaders } from '@chat/testing';
import { createUser } from '../src/actions/users';
import { settingsContext } from '../src/app';
import { LOGIN_MAX_ATTEMPTS } from '../src/actions/login-limiter';
import { startSettings, type Harness } from './helpers';

describe('POST /fetch_api_key', () => {
  let h: Harness;
  const login = async (username: string, password: string) =>
    request(h.app)
      .post('/api/v1/fetch_api_key')
      .set(await anonymousHeaders(h.db, h.config))
      .type('form')
      .send({ username, password });

  beforeAll(async () => {
    h = await startSettings();
    const ctx = settingsContext(h.deps);
    await createUser(ctx, h.realmId, { email: 'viola@zulip.com', password: 'sebastian twin', fullName: 'Viola', shortName: 'viola' });
    await createUser(ctx, h.realmId, {
      email: 'olivia@zulip.com',
      password: 'x'.repeat(80) + 'A',
      fullName: 'Olivia',
      shortName: 'olivia',
    });
  });
  afterAll(() => h.close());

  it('returns the key and e-mail for the right password; the key authenticates', async () => {
    const res = await login('VIOLA@zulip.com', 'sebastian twin');
    expect(res.status).toBe(200);
    const viola = await h.db.knex('users').where({ email: 'viola@zulip.com' }).first('id');
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      email: 'viola@zulip.com',
      user_id: viola.id,
    });
    const auth = new Authenticator(h.db.knex, h.deps.cipher);
    const { user } = await auth.authenticate({ email: 'viola@zulip.com', apiKey: res.body.api_key }, h.realmId);
    expect(user.email).toBe('viola@zulip.com');
  });

  it('stores a salted slow hash, never the password, and keeps passwords longer than 72 bytes whole', async () => {
    const row = await h.db.knex('users').where({ email: 'viola@zulip.com' }).first('password_hash');
    expect(row.password_hash).toMatch(/^bcrypt_sha256\$\$2[aby]\$04\$/);
    expect(row.password_hash).not.toContain('sebastian');
    expect((await login('olivia@zulip.com', 'x'.repeat(80) + 'B')).status).toBe(403);
    expect((await login('olivia@zulip.com', 'x'.repeat(80) + 'A')).status).toBe(200);
  });

  it.each([
    ['viola@zulip.com', 'wrong', 'Your username or password is incorrect.', 'incorrect_creds'],
    ['nobody@zulip.com', 'whatever', 'Your username or password is incorrect.', 'incorrect_creds'],
    ['error-bot@zulip.com', '', 'Your username or password is incorrect.', 'incorrect_creds'],
    ['hamlet@zulip.com', 'no password set', 'Your username or password is incorrect.', 'incorrect_creds'],
  ])('refuses %s with Zulip reason', async (username, password, msg, reason) => {
    const res = await login(username, password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ result: 'error', msg, reason });
  });

  it('validates the username and requires both parameters', async () => {
    expect((await login('not an email', 'x')).body).toEqual({ result: 'error', msg: 'Enter a valid email address.', code: 'BAD_REQUEST' });
    const res = await request(h.app)
      .post('/api/v1/fetch_api_key')
      .set(await anonymousHeaders(h.db, h.config))
      .type('form')
      .send({ username: 'a@b.c' });
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'password' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'password',
    });
  });

  it('refuses a deactivated account', async () => {
    await h.db.knex('users').where({ email: 'olivia@zulip.com' }).update({ is_active: false });
    const res = await login('olivia@zulip.com', 'x'.repeat(80) + 'A');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ result: 'error', msg: 'Your account has been disabled.', reason: 'user disable' });
    await h.db.knex('users').where({ email: 'olivia@zulip.com' }).update({ is_active: true });
  });

  it(`allows ${LOGIN_MAX_ATTEMPTS} attempts per username in 30 minutes, then answers 429 even to the right password`, async () => {
    await createUser(settingsContext(h.deps), h.realmId, {
      email: 'feste@zulip.com',
      password: 'clown',
      fullName: 'Feste',
      shortName: 'feste',
    });
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS; i++) expect((await login('feste@zulip.com', `guess ${i}`)).status).toBe(403);
    const limited = await login('Feste@zulip.com', 'clown');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': expect.any(Number) });
    expect(limited.body['retry-after']).toBeGreaterThan(1790);
    expect(limited.body['retry-after']).toBeLessThanOrEqual(1800);
    expect(limited.headers['retry-after']).toBe(String(limited.body['retry-after']));
    // Another username is not affected.
    expect((await login('viola@zulip.com', 'sebastian twin')).status).toBe(200);
    // Once the attempts age out of the window, the right password works and clears the count.
    await h.db.knex('login_attempts').update({ attempted_at: h.db.knex.raw("now() - interval '31 minutes'") });
    expect((await login('feste@zulip.com', 'clown')).status).toBe(200);
    expect(await h.db.knex('login_attempts').where('key', 'like', '%feste%').first()).toBeUndefined();
  });

  it('a success clears earlier failures', async () => {
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS - 1; i++) await login('viola@zulip.com', 'bad');
    expect((await login('viola@zulip.com', 'sebastian twin')).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS - 1; i++) await login('viola@zulip.com', 'bad');
    expect((await login('viola@zulip.com', 'sebastian twin')).status).toBe(200);
  });
});

describe('deactivated accounts cannot authenticate', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  it('drops the cached key at commit of a deactivation, for users and bots', async () => {
    const auth = new Authenticator(h.db.knex, h.deps.cipher);
    const dropped: number[] = [];
    const unlisten = await h.db.listen(
      'chat_auth_changes',
      (payload) => {
        dropped.push(Number(payload));
        auth.invalidateUser(Number(payload));
      },
      { logger: h.deps.logger },
    );
    try {
      const keyOf = async (email: string) => h.deps.cipher.decrypt((await h.user(email)).api_key_enc);
      const hamletKey = await keyOf('hamlet@zulip.com');
      const botKey = await keyOf('webhook-bot@zulip.com');
      await auth.authenticate({ email: 'hamlet@zulip.com', apiKey: hamletKey }, h.realmId);
      await auth.authenticate({ email: 'webhook-bot@zulip.com', apiKey: botKey }, h.realmId);
      const hamlet = await h.user('hamlet@zulip.com');
      const bot = await h.user('webhook-bot@zulip.com');
      await request(h.app)
        .delete(`/api/v1/users/${hamlet.id}`)
        .set(await h.headers('iago@zulip.com'))
        .expect(200);
      await request(h.app)
        .delete(`/api/v1/bots/${bot.id}`)
        .set(await h.headers('ZOE@zulip.com'))
        .expect(200);
      await new Promise((resolve) => setImmediate(resolve));
      expect(dropped).toEqual(expect.arrayContaining([hamlet.id, bot.id]));
      await expect(auth.authenticate({ email: 'hamlet@zulip.com', apiKey: hamletKey }, h.realmId)).rejects.toThrow(
        'Account is deactivated',
      );
      await expect(auth.authenticate({ email: 'webhook-bot@zulip.com', apiKey: botKey }, h.realmId)).rejects.toThrow(
        'Account is deactivated',
      );
    } finally {
      await unlisten();
    }
  });
});
