/**
 * Two-factor authentication, embedded (the distributed smoke is in
 * account-security.distributed.test.ts): enrolment (QR code, a first code, recovery codes shown
 * once and stored hashed); the web login asks for a code and starts no session without it; a
 * code works once per time step; wrong codes count against the login limit; a recovery code
 * works once; POST /fetch_api_key is refused with its message, and the web client's session
 * shows the key for the password instead; disabling needs the password and a code, or an
 * administrator's `manage disable-two-factor` for someone locked out.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { testConfig, testLogger } from '@chat/testing';
import { browserFrom, enrol, login, newUser, totp, web, type Browser } from './account-security.harness';
import { ROOT } from './process.harness';

jest.setTimeout(60_000);

const NEEDS_CODE = { result: 'error', msg: 'Enter the code from your authenticator app, or a recovery code.', code: 'TWO_FACTOR_REQUIRED' };
const BAD_CODE = { result: 'error', msg: 'The two-factor code is not right, or was already used.', code: 'INVALID_TWO_FACTOR_CODE' };

describe('two-factor authentication (embedded)', () => {
  let server: Standalone;
  const target = () => server.app;
  const fetchKey = (username: string, password: string) =>
    request(target()).post('/api/v1/fetch_api_key').type('form').send({ username, password });
  const member = async (label: string, password: string): Promise<{ email: string; browser: Browser; userId: number }> => {
    const email = await newUser(target(), label, password);
    const res = await login(target(), email, password);
    return { email, browser: browserFrom(res.headers['set-cookie']), userId: res.body.user_id as number };
  };

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
  });
  afterAll(() => server.stop());

  it('enrols with a QR code and a first code; the login then needs a code, each accepted once; fetch_api_key is refused', async () => {
    const { email, browser, userId } = await member('totp', 'my password');
    expect((await web(target(), 'get', '/users/me/two_factor', browser)).body).toEqual({
      result: 'success',
      msg: '',
      enabled: false,
      recovery_codes_left: 0,
    });
    const begun = await web(target(), 'post', '/users/me/two_factor/begin', browser);
    expect(begun.body).toMatchObject({ result: 'success', secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    const secret = begun.body.secret as string;
    expect(begun.body.otpauth_uri).toBe(`otpauth://totp/Zulip%20Dev:${encodeURIComponent(email)}?secret=${secret}&issuer=Zulip%20Dev`);
    const svg = Buffer.from((begun.body.qr_code as string).replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not yet on: the password alone still logs in, and the stored secret is not the secret.
    expect((await login(target(), email, 'my password')).status).toBe(200);
    expect(JSON.stringify(await server.db.knex('user_two_factor').where({ user_id: userId }).first())).not.toContain(secret);

    expect((await web(target(), 'post', '/users/me/two_factor/confirm', browser).type('form').send({ code: '000000' })).body).toEqual(
      BAD_CODE,
    );
    const first = totp(secret, -1);
    const confirmed = await web(target(), 'post', '/users/me/two_factor/confirm', browser).type('form').send({ code: first });
    const recovery = confirmed.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    recovery.forEach((code) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    const stored = await server.db.knex('two_factor_recovery_codes').where({ user_id: userId }).select('code_hash');
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!.replace('-', ''));
    expect((await web(target(), 'get', '/users/me/two_factor', browser)).body).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // The password alone: asked for a code, no session.
    const asked = await login(target(), email, 'my password');
    expect(asked.status).toBe(403);
    expect(asked.body).toEqual(NEEDS_CODE);
    expect(asked.headers['set-cookie']).toBeUndefined();
    // A wrong password is still the wrong password, code or none.
    expect((await login(target(), email, 'not my password', totp(secret))).body.msg).toBe('Your username or password is incorrect.');
    // The code of the enrolment's step again: refused (its step was used).
    expect((await login(target(), email, 'my password', first)).body).toEqual(BAD_CODE);
    const now = totp(secret);
    const loggedIn = await login(target(), email, 'my password', now);
    expect(loggedIn.status).toBe(200);
    expect((await web(target(), 'get', '/users/me', browserFrom(loggedIn.headers['set-cookie']))).body.email).toBe(email);
    // Replayed within its step: refused.
    expect((await login(target(), email, 'my password', now)).body).toEqual(BAD_CODE);

    const refused = await fetchKey(email, 'my password');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      result: 'error',
      msg: 'Your account has two-factor authentication enabled; log in to the web client and copy your API key from its settings (Account security → API key).',
      code: 'TWO_FACTOR_ENABLED',
    });
    // A wrong password gets the usual answer: the refusal tells a guesser nothing.
    expect((await fetchKey(email, 'guess')).body.msg).toBe('Your username or password is incorrect.');
    // The web client's session (which passed two-factor) shows the key for the password.
    const session = browserFrom(loggedIn.headers['set-cookie']);
    const showKey = (password: string) => web(target(), 'post', '/users/me/api_key', session).type('form').send({ password });
    expect((await showKey('guess')).body).toMatchObject({ result: 'error', msg: 'Wrong password!' });
    const shown = await showKey('my password');
    const devKey = (await request(target()).post('/api/v1/dev_fetch_api_key').type('form').send({ username: email })).body.api_key;
    expect(shown.body).toEqual({ result: 'success', msg: '', api_key: devKey });
  });

  it('a recovery code logs in once; regenerating replaces them all', async () => {
    const { email, browser } = await member('recovery', 'my password');
    const { secret, recoveryCodes } = await enrol(target(), browser);
    const [one, two] = recoveryCodes;
    // Typed in upper case without its dash: the same code.
    expect((await login(target(), email, 'my password', one!.toUpperCase().replace('-', ''))).status).toBe(200);
    expect((await login(target(), email, 'my password', one!)).body).toEqual(BAD_CODE);
    expect((await web(target(), 'get', '/users/me/two_factor', browser)).body.recovery_codes_left).toBe(9);

    const renewed = await web(target(), 'post', '/users/me/two_factor/recovery_codes', browser)
      .type('form')
      .send({ code: totp(secret) });
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes).not.toContain(two);
    expect((await login(target(), email, 'my password', two!)).body).toEqual(BAD_CODE);
    expect((await login(target(), email, 'my password', (renewed.body.recovery_codes as string[])[0]!)).status).toBe(200);
  });

  it('counts wrong codes against the login limit: after five, even the right code waits', async () => {
    const { email, browser } = await member('guessed', 'my password');
    const { secret } = await enrol(target(), browser);
    for (let i = 0; i < 5; i++) {
      expect((await login(target(), email, 'my password', String(100000 + i))).body).toEqual(BAD_CODE);
    }
    const limited = await login(target(), email, 'my password', totp(secret));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ result: 'error', msg: 'API usage exceeded rate limit' });
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('disables with the password and a code; then the password alone logs in and fetches the key again', async () => {
    const { email, browser } = await member('disable', 'my password');
    const { secret } = await enrol(target(), browser);
    const disable = (password: string, code: string) =>
      web(target(), 'post', '/users/me/two_factor/disable', browser).type('form').send({ password, code });
    expect((await disable('not it', totp(secret))).body).toMatchObject({ result: 'error', msg: 'Wrong password!' });
    expect((await disable('my password', '123456')).body).toEqual(BAD_CODE);
    expect((await fetchKey(email, 'my password')).status).toBe(403);
    expect((await disable('my password', totp(secret))).body).toEqual({ result: 'success', msg: '' });
    expect((await web(target(), 'get', '/users/me/two_factor', browser)).body).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await login(target(), email, 'my password')).status).toBe(200);
    expect((await fetchKey(email, 'my password')).body).toMatchObject({ result: 'success', email });
    // Only from the browser: an API key cannot turn two-factor on or off.
    expect((await request(target()).post('/api/v1/users/me/two_factor/begin')).status).toBe(404);
  });
});

describe('manage disable-two-factor (embedded data directory)', () => {
  const config = testConfig();
  const dataDir = mkdtempSync(join(tmpdir(), 'two-factor-manage-'));
  const pgliteDir = join(dataDir, 'pglite');
  const manage = (...args: string[]) =>
    promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'services/settings/src/cli.ts'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, API_KEY_SECRET: config.apiKeySecret, INTERNAL_SECRET: config.internalSecret },
    });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("lets an administrator turn off a locked-out user's two-factor", async () => {
    let email = '';
    const first = await startStandalone({ config, logger: testLogger(), pgliteDir });
    try {
      email = await newUser(first.app, 'lockedout', 'my password');
      await enrol(first.app, browserFrom((await login(first.app, email, 'my password')).headers['set-cookie']));
      expect((await login(first.app, email, 'my password')).body.code).toBe('TWO_FACTOR_REQUIRED');
    } finally {
      await first.stop();
    }
    expect((await manage('disable-two-factor', email)).stdout).toBe(
      `Turned off two-factor authentication for ${email}: their password alone logs in again.\n`,
    );
    await expect(manage('disable-two-factor', email)).rejects.toMatchObject({
      stderr: expect.stringContaining('has no two-factor authentication'),
    });
    const after = await startStandalone({ config, logger: testLogger(), pgliteDir });
    try {
      expect((await login(after.app, email, 'my password')).status).toBe(200);
    } finally {
      await after.stop();
    }
  }, 120_000);
});
