/**
 * The web client's session, in both topologies: logging in (password and development login) sets
 * an HttpOnly SameSite cookie; every route answers under /json with it; unsafe requests need the
 * CSRF token and a same-origin Origin; logging out, deactivation and a password change end
 * sessions at once; the app's page carries its content security policy, uploads a sandboxing one;
 * and the event tier, reached directly as the ingress does, accepts the same session.
 */
import request from 'supertest';
import { basicAuth, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(60_000);

interface Browser {
  cookie: string;
  csrf: string;
}

const ANONYMOUS: Browser = { cookie: 'csrftoken=anon-token', csrf: 'anon-token' };

/** The cookies a Set-Cookie list leaves in a browser that held `before`. */
function cookiesAfter(setCookie: string[] | string | undefined, before = ''): string {
  const jar = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0]!, c] as const),
  );
  for (const line of ([] as string[]).concat(setCookie ?? [])) {
    const pair = line.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (/Max-Age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

function browserFrom(setCookie: string[] | string | undefined): Browser {
  const cookie = cookiesAfter(setCookie);
  return { cookie, csrf: /csrftoken=([^;]+)/.exec(cookie)![1]! };
}

describeBothTopologies('web sessions', (env) => {
  const web = (method: 'get' | 'post' | 'patch' | 'delete', path: string, browser: Browser | null, target = env().target) => {
    const r = request(target)[method](`/json${path}`);
    return browser ? r.set('Cookie', browser.cookie).set('X-CSRFToken', browser.csrf) : r;
  };
  const devLogin = async (email: string): Promise<Browser> => {
    const res = await web('post', '/dev_login', ANONYMOUS).type('form').send({ username: email });
    expect(res.status).toBe(200);
    return browserFrom(res.headers['set-cookie']);
  };
  const apiKeyOf = async (email: string) =>
    (await request(env().target).post('/api/v1/dev_fetch_api_key').type('form').send({ username: email })).body.api_key as string;

  it('serves the app page with its policy and the CSRF cookie a login form sends back', async () => {
    const res = await request(env().target).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['set-cookie'])).toMatch(/^csrftoken=[^;]+; Path=\/; SameSite=Strict$/);
    // A browser that has the cookie keeps it; the API's paths are never the page.
    expect((await request(env().target).get('/').set('Cookie', 'csrftoken=kept')).headers['set-cookie']).toBeUndefined();
    expect((await request(env().target).get('/json/nothing')).status).toBe(404);
  });

  it('logs in by password and by the development login, with an HttpOnly SameSite cookie', async () => {
    const admin = basicAuth('iago@zulip.com', await apiKeyOf('iago@zulip.com'));
    const email = `websession${Date.now()}@zulip.com`;
    const created = await request(env().target)
      .post('/api/v1/users')
      .set('Authorization', admin)
      .type('form')
      .send({ email, password: 'correct horse', full_name: 'Web Session', short_name: 'websession' });
    expect(created.status).toBe(200);
    const wrong = await web('post', '/login', ANONYMOUS).type('form').send({ username: email, password: 'wrong' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('Your username or password is incorrect.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const res = await web('post', '/login', ANONYMOUS).type('form').send({ username: email, password: 'correct horse' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('sessionid='))).toMatch(/; HttpOnly; SameSite=Strict$/);
    expect(cookies.find((c) => c.startsWith('csrftoken='))).not.toMatch(/HttpOnly/);
    const me = await web('get', '/users/me', browserFrom(cookies));
    expect(me.body).toMatchObject({ result: 'success', email });
    // The same user's API key is no session, and a session is no API key.
    expect((await request(env().target).get('/api/v1/users/me').set('Cookie', browserFrom(cookies).cookie)).status).toBe(401);
    expect((await web('get', '/users/me', null).set('Authorization', admin)).status).toBe(401);
  });

  it('refuses unsafe requests without the session CSRF token or from another origin', async () => {
    const hamlet = await devLogin('hamlet@zulip.com');
    const send = (browser: Browser) =>
      web('post', '/messages', browser).type('form').send({ type: 'stream', to: 'Denmark', topic: 'csrf', content: 'hello' });
    const missing = await web('post', '/messages', null)
      .set('Cookie', hamlet.cookie)
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic: 'csrf', content: 'x' });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ result: 'error', msg: 'CSRF Error: CSRF token missing or incorrect.', code: 'CSRF_FAILED' });
    // The double-submitted cookie alone is not enough once logged in: the token is the session's.
    expect((await send({ cookie: `${hamlet.cookie.replace(/csrftoken=[^;]+/, 'csrftoken=forged')}`, csrf: 'forged' })).status).toBe(403);
    const crossSite = await send(hamlet).set('Origin', 'https://evil.example.com');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe('CSRF_FAILED');
    expect((await send(hamlet)).body).toMatchObject({ result: 'success' });
    // Reading needs no token; logging in needs the page's cookie token.
    expect((await web('get', '/users/me', null).set('Cookie', hamlet.cookie)).status).toBe(200);
    const noCookie = await web('post', '/dev_login', null).type('form').send({ username: 'hamlet@zulip.com' });
    expect(noCookie.body).toEqual({ result: 'error', msg: 'CSRF Error: CSRF cookie not set.', code: 'CSRF_FAILED' });
  });

  it('serves the session routes only under /json, and webhooks only under /api/v1', async () => {
    const res = await request(env().target).post('/api/v1/dev_login').type('form').send({ username: 'hamlet@zulip.com' });
    expect(res.status).toBe(404);
    expect((await web('post', '/external/helloworld', ANONYMOUS)).status).toBe(404);
  });

  it('ends the session at logout, everywhere at once', async () => {
    const othello = await devLogin('othello@zulip.com');
    expect((await web('get', '/users/me', othello)).status).toBe(200);
    const out = await web('post', '/logout', othello);
    expect(out.status).toBe(200);
    // The session's cookie goes; the page keeps a CSRF token, a fresh one, for its next login.
    const left = cookiesAfter(out.headers['set-cookie'], othello.cookie);
    expect(left).toMatch(/^csrftoken=[^;]+$/);
    const anonymous = { cookie: left, csrf: left.slice('csrftoken='.length) };
    expect(anonymous.csrf).not.toBe(othello.csrf);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).find((c) => c.startsWith('csrftoken='))).toMatch(
      /^csrftoken=[^;]+; Path=\/; SameSite=Strict$/,
    );
    const after = await web('get', '/users/me', othello);
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Not logged in: API authentication or user session required');
    // Not a Basic challenge, which a browser would answer with its own login dialog.
    expect(after.headers['www-authenticate']).toBe('Session realm="zulip"');
    // Logging in again from the same page, without reloading it: the fresh token is accepted.
    const again = await web('post', '/dev_login', anonymous).type('form').send({ username: 'othello@zulip.com' });
    expect(again.status).toBe(200);
    expect((await web('get', '/users/me', browserFrom(again.headers['set-cookie']))).body.email).toBe('othello@zulip.com');
  });

  it('ends every session of a deactivated user', async () => {
    const admin = basicAuth('iago@zulip.com', await apiKeyOf('iago@zulip.com'));
    const email = `deactivated${Date.now()}@zulip.com`;
    await request(env().target)
      .post('/api/v1/users')
      .set('Authorization', admin)
      .type('form')
      .send({ email, password: 'pw123456', full_name: 'To Go', short_name: 'togo' });
    const session = await devLogin(email);
    const me = await web('get', '/users/me', session);
    expect(me.status).toBe(200);
    expect((await request(env().target).delete(`/api/v1/users/${me.body.user_id}`).set('Authorization', admin)).status).toBe(200);
    await waitFor(async () => (await web('get', '/users/me', session)).status === 401, 5000, { stepMs: 50 });
    const rows = await env().db.knex('sessions').where({ user_id: me.body.user_id });
    expect(rows).toEqual([]);
  });

  it('ends the other sessions at a password change, keeping the one that made it', async () => {
    const admin = basicAuth('iago@zulip.com', await apiKeyOf('iago@zulip.com'));
    const email = `newpassword${Date.now()}@zulip.com`;
    await request(env().target)
      .post('/api/v1/users')
      .set('Authorization', admin)
      .type('form')
      .send({ email, password: 'first-password', full_name: 'Pass Word', short_name: 'pw' });
    const login = async (password: string) => web('post', '/login', ANONYMOUS).type('form').send({ username: email, password });
    const here = browserFrom((await login('first-password')).headers['set-cookie']);
    const elsewhere = browserFrom((await login('first-password')).headers['set-cookie']);
    const wrongOld = await web('patch', '/settings', here).type('form').send({ old_password: 'nope', new_password: 'second-password' });
    expect(wrongOld.body).toMatchObject({ result: 'error', msg: 'Wrong password!' });
    const changed = await web('patch', '/settings', here)
      .type('form')
      .send({ old_password: 'first-password', new_password: 'second-password' });
    expect(changed.body).toMatchObject({ result: 'success' });
    await waitFor(async () => (await web('get', '/users/me', elsewhere)).status === 401, 5000, { stepMs: 50 });
    expect((await web('get', '/users/me', here)).status).toBe(200);
    expect((await login('first-password')).status).toBe(403);
    expect((await login('second-password')).status).toBe(200);
  });

  it("counts each old-password check of a password change against the username's failed logins", async () => {
    const admin = basicAuth('iago@zulip.com', await apiKeyOf('iago@zulip.com'));
    const email = `guessed${Date.now()}@zulip.com`;
    await request(env().target)
      .post('/api/v1/users')
      .set('Authorization', admin)
      .type('form')
      .send({ email, password: 'first-password', full_name: 'Guess Ed', short_name: 'ge' });
    const login = async (password: string) => web('post', '/login', ANONYMOUS).type('form').send({ username: email, password });
    const stolen = browserFrom((await login('first-password')).headers['set-cookie']);
    const change = (old: string) => web('patch', '/settings', stolen).type('form').send({ old_password: old, new_password: 'taken-over' });
    for (let i = 0; i < 5; i++)
      expect((await change(`guess ${i}`)).body).toEqual({ result: 'error', msg: 'Wrong password!', code: 'BAD_REQUEST' });
    // The sixth check is refused before the password is looked at, even the right one (Zulip's words).
    const limited = await change('first-password');
    expect(limited.status).toBe(400);
    expect(limited.body).toEqual({
      result: 'error',
      msg: expect.stringMatching(/^You're making too many attempts! Try again in \d+ seconds\.$/),
      code: 'BAD_REQUEST',
    });
    const seconds = Number(/in (\d+) seconds/.exec(limited.body.msg as string)![1]);
    expect(seconds).toBeGreaterThan(1700);
    expect(seconds).toBeLessThanOrEqual(1800);
    // One count with the logins: the right password does not log in either, and nothing changed.
    expect((await login('first-password')).status).toBe(429);
    expect((await login('taken-over')).status).toBe(429);
    // Once the attempts age out, the password is still the first one.
    await env()
      .db.knex('login_attempts')
      .update({ attempted_at: env().db.knex.raw("now() - interval '31 minutes'") });
    expect((await login('taken-over')).status).toBe(403);
    expect((await login('first-password')).status).toBe(200);
  });

  it('fetches an upload at the root path with the session, sandboxed', async () => {
    const cordelia = await devLogin('cordelia@zulip.com');
    const up = await web('post', '/user_uploads', cordelia).attach('file', Buffer.from('<script>alert(1)</script>'), 'page.html');
    expect(up.status).toBe(200);
    const file = await request(env().target)
      .get(up.body.uri as string)
      .set('Cookie', cordelia.cookie);
    expect(file.status).toBe(200);
    expect(file.headers['content-security-policy']).toMatch(/sandbox/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await request(env().target).get(up.body.uri as string)).status).toBe(401);
    // Zulip 2.1's inline previews point at /thumbnail, which sends the browser to the file.
    const thumbnail = await request(env().target)
      .get('/thumbnail')
      .query({ url: up.body.uri as string, size: 'thumbnail' });
    expect(thumbnail.status).toBe(302);
    expect(thumbnail.headers.location).toBe(up.body.uri);
    for (const url of ['https://evil.example.com/x.png', '//evil.example.com/x.png', '/user_uploads//evil.example.com']) {
      expect((await request(env().target).get('/thumbnail').query({ url, size: 'full' })).status).toBe(403);
    }
  });

  it('registers and polls on the event tier directly with the session, as the ingress sends them', async () => {
    const target = env().eventTierUrl ?? env().target;
    const iago = await devLogin('iago@zulip.com');
    const refused = await web('post', '/register', { ...iago, csrf: 'wrong' }, target)
      .type('form')
      .send({ event_types: '["message"]' });
    expect(refused.status).toBe(403);
    const registered = await web('post', '/register', iago, target).type('form').send({ event_types: '["message"]' });
    expect(registered.status).toBe(200);
    const { queue_id: queueId } = registered.body as { queue_id: string };
    await web('post', '/messages', iago)
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic: 'direct', content: 'to the event tier' });
    await waitFor(
      async () => {
        const polled = await web(
          'get',
          `/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=-1&dont_block=true`,
          null,
          target,
        ).set('Cookie', iago.cookie);
        return (polled.body.events as { type: string }[] | undefined)?.some((e) => e.type === 'message') ?? false;
      },
      10_000,
      { stepMs: 50 },
    );
    expect(
      (await web('get', `/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=-1&dont_block=true`, null, target)).status,
    ).toBe(401);
  });
});
