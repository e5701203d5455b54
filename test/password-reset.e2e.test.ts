/**
 * Password reset, embedded (the distributed smoke is in account-security.distributed.test.ts):
 * the form mails a link built from the realm's configured URL even when the request's Host is
 * forged; the link sets the password once, ends every browser session and leaves the API key; a
 * used, expired or outdated link (the password changed since) is refused; an unknown or
 * deactivated address gets the same answer and no mail; the form is limited per address and per
 * client address.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { realmUrlOf } from '@chat/db';
import { startStandalone, type Standalone } from '@chat/standalone';
import { basicAuth, testConfig, testLogger } from '@chat/testing';
import { browserFrom, login, mailsTo, mailTo, newUser, resetLinkIn, tokenOf, web } from './account-security.harness';

jest.setTimeout(60_000);

const MAIL_DIR = mkdtempSync(join(tmpdir(), 'password-reset-mail-'));
const LINK_DEAD = { result: 'error', msg: 'This password reset link has expired or has already been used. Ask for a new one.' };
const SAME_ANSWER = { result: 'success', msg: '' };

describe('password reset (embedded)', () => {
  const config = testConfig({ emailBackend: 'folder', emailFolder: MAIL_DIR });
  let server: Standalone;
  const target = () => server.app;
  const ask = (email: string, host?: string) => {
    const req = web(target(), 'post', '/accounts/password/reset');
    return (host ? req.set('Host', host) : req).type('form').send({ email });
  };
  const confirm = (token: string, newPassword: string) =>
    web(target(), 'post', '/accounts/password/reset/confirm').type('form').send({ token, new_password: newPassword });
  const resetJobs = async () =>
    Number((await server.db.knex('job_requests').where({ kind: 'settings.password-reset-mail' }).count<{ n: string }[]>('* as n'))[0]!.n);

  beforeAll(async () => {
    server = await startStandalone({ config, logger: testLogger() });
  });
  afterAll(() => server.stop());

  it("mails a link from the realm's URL, not the forged Host; it sets the password once, ends every session, keeps the API key", async () => {
    const email = await newUser(target(), 'reset', 'old password');
    const session = browserFrom((await login(target(), email, 'old password')).headers['set-cookie']);
    const key = (await request(target()).post('/api/v1/fetch_api_key').type('form').send({ username: email, password: 'old password' }))
      .body.api_key as string;
    expect((await web(target(), 'get', '/users/me', session)).status).toBe(200);

    expect((await ask(email, 'evil.example.test')).body).toEqual(SAME_ANSWER);
    const mail = await mailTo(MAIL_DIR, email);
    const realm = await server.db.knex('realms').where({ string_id: 'zulip' }).first();
    const realmUrl = await realmUrlOf(server.db.knex, config.externalHost, realm);
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${realmUrl}/accounts/password/reset/`)).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example.test');
    expect(mail.subject).toBe('Reset your password for Zulip Dev');
    expect(mail.html).toContain(`href="${link}"`);
    // Only the token's hash is stored.
    const token = tokenOf(link);
    expect(await server.db.knex('password_reset_tokens').where({ token_hash: token }).first()).toBeUndefined();

    // The link opens the web client's page, as / does (503 "not built" where the client was not built).
    const page = await request(target()).get(new URL(link).pathname);
    expect(page.status).not.toBe(404);
    expect(page.status).toBe((await request(target()).get('/')).status);

    expect((await confirm(token, 'short')).body).toEqual({ result: 'error', msg: 'The password is too weak.' });
    expect((await confirm(token, 'a new password')).body).toEqual(SAME_ANSWER);
    expect((await web(target(), 'get', '/users/me', session)).status).toBe(401);
    expect((await login(target(), email, 'old password')).status).toBe(403);
    expect((await login(target(), email, 'a new password')).status).toBe(200);
    const me = await request(target()).get('/api/v1/users/me').set('Authorization', basicAuth(email, key));
    expect(me.status).toBe(200);

    expect((await confirm(token, 'yet another one')).body).toEqual(LINK_DEAD);
    expect((await login(target(), email, 'a new password')).status).toBe(200);
  });

  it('refuses an expired link, and a link issued before the password changed', async () => {
    const email = await newUser(target(), 'expiry', 'first password');
    await ask(email);
    await ask(email);
    const [first, second] = (await mailsTo(MAIL_DIR, email, 2)).map((m) => tokenOf(resetLinkIn(m)));
    expect(first).not.toBe(second);
    const firstHash = createHash('sha256').update(first!).digest('hex');
    expect(
      await server.db
        .knex('password_reset_tokens')
        .where({ token_hash: firstHash })
        .update({ expires_at: new Date(Date.now() - 1000) }),
    ).toBe(1);
    expect((await confirm(first!, 'second password')).body).toEqual(LINK_DEAD);

    const session = browserFrom((await login(target(), email, 'first password')).headers['set-cookie']);
    const changed = await web(target(), 'patch', '/settings', session)
      .type('form')
      .send({ old_password: 'first password', new_password: 'changed password' });
    expect(changed.body.result).toBe('success');
    expect((await confirm(second!, 'second password')).body).toEqual(LINK_DEAD);
    expect((await login(target(), email, 'changed password')).status).toBe(200);
  });

  it('answers an unknown, a deactivated or a malformed address as any other, and mails nothing', async () => {
    const email = await newUser(target(), 'gone', 'some password');
    const id = (await login(target(), email, 'some password')).body.user_id as number;
    const iagoKey = (await request(target()).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'iago@zulip.com' })).body
      .api_key as string;
    const deactivated = await request(target()).delete(`/api/v1/users/${id}`).set('Authorization', basicAuth('iago@zulip.com', iagoKey));
    expect(deactivated.status).toBe(200);
    const before = await resetJobs();
    expect((await ask(email)).body).toEqual(SAME_ANSWER);
    expect((await ask('nobody-at-all@zulip.com')).body).toEqual(SAME_ANSWER);
    expect(await resetJobs()).toBe(before);
    expect((await ask('not an address')).body).toEqual({ result: 'error', msg: 'Enter a valid email address.' });
    // Under /json only, and with the CSRF token.
    expect((await request(target()).post('/api/v1/accounts/password/reset').type('form').send({ email })).status).toBe(404);
    expect((await request(target()).post('/json/accounts/password/reset').type('form').send({ email })).status).toBe(403);
  });

  it('limits the form to 2 an hour per address, whoever asks', async () => {
    const email = await newUser(target(), 'limited', 'some password');
    expect((await ask(email)).body).toEqual(SAME_ANSWER);
    expect((await ask(email.toUpperCase())).body).toEqual(SAME_ANSWER);
    const third = await ask(email);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ result: 'error', msg: 'API usage exceeded rate limit' });
    // An address that has no account is counted the same way: the limit tells nothing either.
    await ask('ghost@zulip.com');
    await ask('ghost@zulip.com');
    expect((await ask('ghost@zulip.com')).status).toBe(429);
  });
});

describe('password reset per client address (embedded, rate limits on)', () => {
  let server: Standalone;
  beforeAll(async () => {
    server = await startStandalone({ config: testConfig({ rateLimitPerMinute: 10_000 }), logger: testLogger() });
  });
  afterAll(() => server.stop());

  it('mails at most 5 a day from one client, whatever the addresses', async () => {
    const ask = (email: string) => web(server.app, 'post', '/accounts/password/reset').type('form').send({ email });
    for (let i = 0; i < 5; i++) expect((await ask(`someone${i}@zulip.com`)).status).toBe(200);
    const sixth = await ask('someone-else@zulip.com');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});
