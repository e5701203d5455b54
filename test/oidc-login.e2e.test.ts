/**
 * Logging in with OpenID Connect against the run's real OpenID Provider (oidc-provider, started
 * by jest's global setup), over HTTP: the start URL, the provider's own login and consent forms,
 * the callback, in the embedded topology: every rule (auto sign-up, matching by a verified address
 * and then by subject, refusals, state replay, `next`, the apps' flow, subdomain realms, the realm
 * switching the method off). oidc-login-smoke.e2e.test.ts: the distributed topology, a provider down.
 */
import { createDecipheriv, randomBytes } from 'node:crypto';
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import {
  ApiClient,
  basicAuth,
  newTestOidcAccount,
  oidcLogin,
  sessionUser,
  setTestOidcAccount,
  testConfig,
  testLogger,
  testOidcOverrides,
  validateResponse,
} from '@chat/testing';

jest.setTimeout(60_000);

const LOGIN = '/accounts/login/social/oidc/default';
const SIGNUP = '/accounts/register/social/oidc/default';
const unique = () => randomBytes(4).toString('hex');
const idpAccount = (email: string, emailVerified = true) => newTestOidcAccount(email, emailVerified);

describe('OpenID Connect login (embedded)', () => {
  let server: Standalone;
  let admin: ApiClient;
  const target = () => server.app;
  const patchRealm = (params: Record<string, unknown>) => admin.call('patch', '/realm', params);

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(testOidcOverrides()), logger: testLogger() });
    admin = await new ApiClient(server.app).loginAs('iago@zulip.com');
  });
  afterAll(() => server.stop());

  it('server_settings and /register show the provider', async () => {
    const res = await request(target()).get('/api/v1/server_settings');
    expect(res.body.authentication_methods['openid connect']).toBe(true);
    expect(res.body.external_authentication_methods).toEqual([
      {
        name: 'oidc:default',
        display_name: 'Test IdP',
        display_icon: null,
        login_url: LOGIN,
        signup_url: SIGNUP,
      },
    ]);
    // The entry is what Zulip's apps parse (Zulip's current schema of the answer; service_version is this server's own).
    expect(validateResponse('GET /server_settings', res.body).filter((line) => !line.includes('"service_version"'))).toEqual([]);
    const state = await admin.call('post', '/register', { fetch_event_types: JSON.stringify(['realm']) });
    expect(state.body.realm_authentication_methods['openid connect']).toBe(true);
  });

  it('refuses a newcomer while auto sign-up is off, and creates their account once it is on', async () => {
    const email = `rosa-${unique()}@zulip.com`;
    const sub = await idpAccount(email);
    const refused = await oidcLogin(target(), LOGIN, sub);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ result: 'error', reason: 'no account' });

    expect((await patchRealm({ external_auth_auto_signup: true, invite_required: false })).status).toBe(200);
    const created = await oidcLogin(target(), `${LOGIN}?next=${encodeURIComponent('/#narrow/stream/1')}`, sub);
    expect(created.status).toBe(302);
    expect(created.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#narrow\/stream\/1$/);
    expect(await sessionUser(target(), created.cookies)).toMatchObject({ email, full_name: 'Rosa Linde' });
    await patchRealm({ external_auth_auto_signup: false, invite_required: true });
  });

  it('the sign-up button admits the invited while invitations are required, and anyone in the domains once they are not', async () => {
    const invited = `viola-${unique()}@zulip.com`;
    const stranger = `sebastian-${unique()}@zulip.com`;
    const [invitedSub, strangerSub] = [await idpAccount(invited), await idpAccount(stranger)];
    const refused = await oidcLogin(target(), SIGNUP, strangerSub);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ reason: 'invitation required' });

    const denmark = (await admin.call('get', '/get_stream_id', { stream: 'Denmark' })).body.stream_id as number;
    const invite = await admin.call('post', '/invites', { invitee_emails: invited, stream_ids: JSON.stringify([denmark]) });
    expect(invite.body.result).toBe('success');
    const joined = await oidcLogin(target(), SIGNUP, invitedSub);
    expect(joined.status).toBe(302);
    expect(await sessionUser(target(), joined.cookies)).toMatchObject({ email: invited });
    // The invitation's streams, as an invitee who signs up with a password gets them.
    const viola = new ApiClient(target());
    await viola.loginAs(invited);
    const subscribed = (await viola.call('get', '/users/me/subscriptions')).body.subscriptions as { name: string }[];
    expect(subscribed.map((sub) => sub.name)).toEqual(['Denmark']);
    const pending = await admin.call('get', '/invites');
    expect((pending.body.invites as { email: string }[]).some((i) => i.email === invited)).toBe(false);

    expect((await patchRealm({ invite_required: false })).status).toBe(200);
    const open = await oidcLogin(target(), SIGNUP, strangerSub);
    expect(open.status).toBe(302);
    expect(await sessionUser(target(), open.cookies)).toMatchObject({ email: stranger });
    await patchRealm({ invite_required: true });
  });

  it("refuses a newcomer whose address is outside the realm's domains", async () => {
    expect((await patchRealm({ external_auth_auto_signup: true, invite_required: false, emails_restricted_to_domains: true })).status).toBe(
      200,
    );
    const sub = await idpAccount(`mallory-${unique()}@elsewhere.test`);
    const res = await oidcLogin(target(), LOGIN, sub);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'domain not allowed', msg: expect.stringContaining('not in one of the domains') });
    await patchRealm({ external_auth_auto_signup: false, emails_restricted_to_domains: false, invite_required: true });
  });

  it('matches an existing person by a verified address, then by subject after the address changes at the provider', async () => {
    const sub = await idpAccount('hamlet@zulip.com');
    const first = await oidcLogin(target(), LOGIN, sub);
    expect(first.status).toBe(302);
    expect(await sessionUser(target(), first.cookies)).toMatchObject({ email: 'hamlet@zulip.com' });

    await setTestOidcAccount({ sub, email: `elsewhere-${unique()}@example.com`, email_verified: true, name: 'Hamlet' });
    const later = await oidcLogin(target(), LOGIN, sub);
    expect(later.status).toBe(302);
    expect(await sessionUser(target(), later.cookies)).toMatchObject({ email: 'hamlet@zulip.com' });
  });

  it("hands a subdomain realm's login over to its own host, once", async () => {
    const { knex } = server.db;
    await knex('realms')
      .insert({
        string_id: 'acme',
        name: 'Acme',
        email_domain: 'acme.test',
        description: '',
        settings: JSON.stringify({ invite_required: false, external_auth_auto_signup: true }),
      })
      .onConflict('string_id')
      .ignore();
    const port = new URL((await request(target()).get('/api/v1/server_settings')).body.realm_url as string).port;
    const host = `acme.localhost:${port}`;
    const email = `wile-${unique()}@acme.test`;
    const sub = await idpAccount(email);
    const res = await oidcLogin(target(), `${LOGIN}?next=${encodeURIComponent('/#inbox')}`, sub, { host });
    expect(res.status).toBe(302);
    expect(res.cookies.some((c) => c.startsWith('sessionid='))).toBe(false);
    const handoff = new URL(res.location!);
    expect(handoff.host).toBe(host);
    expect(handoff.pathname).toMatch(/^\/accounts\/login\/subdomain\//);

    const path = handoff.pathname;
    const landed = await request(target()).get(path).set('Host', host);
    expect(landed.status).toBe(302);
    expect(landed.headers.location).toBe(`http://${host}/#inbox`);
    const cookies = (landed.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrftoken='))!.split('=')[1]!;
    const me = await request(target()).get('/json/users/me').set('Host', host).set('Cookie', cookies.join('; ')).set('X-CSRFToken', csrf);
    expect(me.body).toMatchObject({ email });
    const again = await request(target()).get(path).set('Host', host);
    expect(again.status).toBe(403);
  });

  it("refuses a hand-off token at another realm's host", async () => {
    const port = new URL((await request(target()).get('/api/v1/server_settings')).body.realm_url as string).port;
    const email = `road-${unique()}@acme.test`;
    const sub = await idpAccount(email);
    const res = await oidcLogin(target(), LOGIN, sub, { host: `acme.localhost:${port}` });
    const elsewhere = await request(target()).get(new URL(res.location!).pathname);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({ reason: 'bad state' });
  });

  it("refuses an unverified claim of an existing person's address (no takeover)", async () => {
    const sub = await idpAccount('othello@zulip.com', false);
    const res = await oidcLogin(target(), LOGIN, sub);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'email not verified' });
    expect(res.cookies.some((c) => c.startsWith('sessionid='))).toBe(false);
  });

  it('never logs a bot in, whatever the provider claims', async () => {
    const sub = await idpAccount('default-bot@zulip.com');
    const res = await oidcLogin(target(), LOGIN, sub);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'bot' });
  });

  it('refuses a deactivated person', async () => {
    const sub = await idpAccount('cordelia@zulip.com');
    expect((await oidcLogin(target(), LOGIN, sub)).status).toBe(302);
    const me = await new ApiClient(target()).loginAs('cordelia@zulip.com');
    const id = (await me.call('get', '/users/me')).body.user_id as number;
    expect((await admin.call('delete', `/users/${id}`)).status).toBe(200);
    const res = await oidcLogin(target(), LOGIN, sub);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'user disable' });
  });

  it('refuses a tampered state and a replayed one', async () => {
    const sub = await idpAccount('prospero@zulip.com');
    const tampered = await oidcLogin(target(), LOGIN, sub, {
      tamper: (query) => query.set('state', query.get('state')!.replace(/^\d+/, '999')),
    });
    expect(tampered.status).toBe(403);
    expect(tampered.body).toMatchObject({ reason: 'bad state' });
    const replayed = await oidcLogin(target(), LOGIN, sub, { replay: true });
    expect(replayed.first?.status).toBe(302);
    expect(replayed.status).toBe(403);
    expect(replayed.body).toMatchObject({ reason: 'bad state' });
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'lands at / for next=%s',
    async (next) => {
      const sub = await idpAccount('prospero@zulip.com');
      const res = await oidcLogin(target(), `${LOGIN}?next=${encodeURIComponent(next)}`, sub);
      expect(res.status).toBe(302);
      expect(res.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    },
  );

  it('ends the mobile flow with zulip://login carrying the key XOR the pad; a bad pad is a 400', async () => {
    const otp = randomBytes(32).toString('hex');
    const sub = await idpAccount('iago@zulip.com');
    const res = await oidcLogin(target(), `${LOGIN}?mobile_flow_otp=${otp}`, sub);
    expect(res.status).toBe(302);
    const url = new URL(res.location!);
    expect(url.protocol).toBe('zulip:');
    expect(url.searchParams.get('email')).toBe('iago@zulip.com');
    const encrypted = Buffer.from(url.searchParams.get('otp_encrypted_api_key')!, 'hex');
    const pad = Buffer.from(otp, 'hex');
    const apiKey = Buffer.from(encrypted.map((byte, i) => byte ^ pad[i]!)).toString('utf8');
    const me = await request(target()).get('/api/v1/users/me').set('Authorization', basicAuth('iago@zulip.com', apiKey));
    expect(me.body).toMatchObject({ result: 'success', user_id: Number(url.searchParams.get('user_id')) });
    expect(url.searchParams.get('realm')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(res.cookies.some((c) => c.startsWith('sessionid='))).toBe(false);

    for (const bad of ['abc', `${otp.slice(0, 63)}g`, `${otp}00`]) {
      const refused = await request(target()).get(LOGIN).query({ mobile_flow_otp: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ result: 'error', msg: expect.stringContaining('mobile_flow_otp') });
    }
  });

  it('ends the desktop flow with a page whose code, decrypted with the pad, is a single-use session hand-off', async () => {
    const otp = randomBytes(32).toString('hex');
    const sub = await idpAccount('hamlet@zulip.com');
    const res = await oidcLogin(target(), `${LOGIN}?desktop_flow_otp=${otp}`, sub);
    expect(res.status).toBe(200);
    expect(res.cookies.some((c) => c.startsWith('sessionid='))).toBe(false);
    const realmUrl = (await request(target()).get('/api/v1/server_settings')).body.realm_url as string;
    const data = Buffer.from(/<pre id="desktop-data">([0-9a-f]+)<\/pre>/.exec(res.text!)![1]!, 'hex');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(otp, 'hex'), data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(data.length - 16));
    const token = Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]).toString('utf8');
    const landed = await request(target()).get(`/accounts/login/subdomain/${token}`);
    expect(landed.status).toBe(302);
    expect(landed.headers.location).toBe(`${realmUrl}/`);
    const cookies = (landed.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]!);
    expect(await sessionUser(target(), cookies)).toMatchObject({ email: 'hamlet@zulip.com' });
    expect((await request(target()).get(`/accounts/login/subdomain/${token}`)).status).toBe(403);
    const both = await request(target()).get(LOGIN).query({ mobile_flow_otp: otp, desktop_flow_otp: otp });
    expect(both.status).toBe(400);
  });

  it('the realm switching OpenID Connect off hides it and refuses its start URL', async () => {
    // As Zulip's clients send it: every method, at least one on.
    const everyOff = await patchRealm({ authentication_methods: JSON.stringify({ email: false, 'openid connect': false }) });
    expect(everyOff.body).toMatchObject({ result: 'error', msg: 'At least one authentication method must be enabled.' });
    expect((await patchRealm({ authentication_methods: JSON.stringify({ email: true, 'openid connect': false }) })).status).toBe(200);
    const state = await admin.call('post', '/register', { fetch_event_types: JSON.stringify(['realm']) });
    expect(state.body.realm_authentication_methods['openid connect']).toBe(false);
    const settings = await request(target()).get('/api/v1/server_settings');
    expect(settings.body.authentication_methods['openid connect']).toBe(false);
    expect(settings.body.external_authentication_methods).toEqual([]);
    const res = await request(target()).get(LOGIN);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'oidc disabled' });
    const member = await new ApiClient(target()).loginAs('hamlet@zulip.com');
    const notAdmin = await member.call('patch', '/realm', {
      authentication_methods: JSON.stringify({ email: true, 'openid connect': true }),
    });
    expect(notAdmin.status).toBe(400);
    await patchRealm({ authentication_methods: JSON.stringify({ email: true, 'openid connect': true }) });
    expect((await request(target()).get(LOGIN)).status).toBe(302);
  });
});
