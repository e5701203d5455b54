/** Who may call: the signed identity header and the endpoint's auth kind. */
import request from 'supertest';
import { defineEndpoint, IDENTITY_HEADER, p, SIGNATURE_HEADER } from '@chat/http';
import { aService, aUser, API, buildApp, jsonText, SECRET, signedAs } from './helpers';

const app = buildApp([
  defineEndpoint({
    method: 'POST',
    path: '/private',
    auth: 'user',
    params: { content: p.string({ required: true }) },
    handler: ({ identity, params }) => ({ identity, content: params.content }),
  }),
  defineEndpoint({ method: 'GET', path: '/me', auth: 'user', params: {}, handler: ({ identity }) => ({ identity }) }),
  defineEndpoint({
    method: 'POST',
    path: '/internal',
    auth: 'service',
    params: {},
    handler: ({ identity }) => ({ identity }),
  }),
  defineEndpoint({ method: 'GET', path: '/open', auth: 'public', params: {}, handler: ({ identity }) => ({ identity }) }),
]);

const NOT_LOGGED_IN = '{"result":"error","msg":"Not logged in: API authentication or user session required"}\n';
const MINUTE = 60 * 1000;

function expectNotLoggedIn(res: request.Response): void {
  expect(res.status).toBe(401);
  expect(jsonText(res)).toBe(NOT_LOGGED_IN);
  expect(res.headers['www-authenticate']).toBe('Basic realm="zulip"');
}

describe("auth 'user'", () => {
  it("refuses a request without identity with Zulip's 401", async () => {
    expectNotLoggedIn(await request(app).get(`${API}/me`));
  });

  it('checks authentication before parameters', async () => {
    expectNotLoggedIn(await request(app).post(`${API}/private`));
  });

  it('accepts a validly signed user and hands the identity to the handler', async () => {
    const user = aUser({ userId: 11, email: 'hamlet@zulip.example' });
    const res = await request(app).post(`${API}/private`).set(signedAs(user)).type('form').send('content=hi');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', identity: user, content: 'hi' });
  });

  it('ignores an identity signed with another secret', async () => {
    expectNotLoggedIn(await request(app).get(`${API}/me`).set(signedAs(aUser(), 'not-the-secret')));
  });

  it('ignores a payload swapped under a valid signature', async () => {
    const valid = signedAs(aUser({ userId: 7 }));
    const forged = signedAs(aUser({ userId: 1, isAdmin: true }));
    const res = await request(app)
      .get(`${API}/me`)
      .set(IDENTITY_HEADER, forged[IDENTITY_HEADER] ?? '')
      .set(SIGNATURE_HEADER, valid[SIGNATURE_HEADER] ?? '');
    expectNotLoggedIn(res);
  });

  it('ignores an unsigned identity header', async () => {
    const headers = signedAs(aUser());
    expectNotLoggedIn(
      await request(app)
        .get(`${API}/me`)
        .set(IDENTITY_HEADER, headers[IDENTITY_HEADER] ?? ''),
    );
  });

  it('ignores a signature of the wrong length', async () => {
    const headers = signedAs(aUser());
    const res = await request(app)
      .get(`${API}/me`)
      .set(IDENTITY_HEADER, headers[IDENTITY_HEADER] ?? '')
      .set(SIGNATURE_HEADER, 'short');
    expectNotLoggedIn(res);
  });

  it.each([
    ['stale', -6 * MINUTE],
    ['from the future', 6 * MINUTE],
  ])('ignores a header signed %s', async (_label, offset) => {
    expectNotLoggedIn(
      await request(app)
        .get(`${API}/me`)
        .set(signedAs(aUser(), SECRET, Date.now() + offset)),
    );
  });

  it('accepts a header signed within the allowed skew', async () => {
    const res = await request(app)
      .get(`${API}/me`)
      .set(signedAs(aUser(), SECRET, Date.now() - 4 * MINUTE));
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual(aUser());
  });

  it.each([
    ['a service', aService()],
    ['an anonymous caller', { kind: 'anonymous' as const, realmId: 2 }],
  ])('refuses %s', async (_label, identity) => {
    expectNotLoggedIn(await request(app).get(`${API}/me`).set(signedAs(identity)));
  });
});

describe("auth 'service'", () => {
  const INTERNAL_ONLY = { result: 'error', msg: 'This endpoint is for internal calls only' };

  it('refuses a user', async () => {
    const res = await request(app).post(`${API}/internal`).set(signedAs(aUser()));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INTERNAL_ONLY);
  });

  it('refuses a request without identity', async () => {
    const res = await request(app).post(`${API}/internal`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INTERNAL_ONLY);
  });

  it('accepts a signed service identity', async () => {
    const service = aService({ service: 'message' });
    const res = await request(app).post(`${API}/internal`).set(signedAs(service));
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual(service);
  });
});

describe("auth 'public'", () => {
  it('passes an anonymous identity when nobody is signed in', async () => {
    const res = await request(app).get(`${API}/open`);
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual({ kind: 'anonymous', realmId: null });
  });

  it('passes the signed identity when there is one', async () => {
    const res = await request(app).get(`${API}/open`).set(signedAs(aUser()));
    expect(res.body.identity).toEqual(aUser());
  });
});
