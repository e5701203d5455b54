import request from 'supertest';
import { CONTRACTS, publicPath } from '@chat/contracts';
import { ROUTES } from '@chat/gateway-service';
import { createApiKeyCipher, notifyAuthChange } from '@chat/db';
import { identityHeaders } from '@chat/http';
import { startStandalone, type Standalone } from '@chat/standalone';
import { basicAuth, testConfig, testLogger, waitFor } from '@chat/testing';

const config = testConfig();

describe('gateway route table', () => {
  it("is every declared endpoint but the services' internal ones, each path and method once", () => {
    expect(ROUTES).toEqual(CONTRACTS.filter((c) => c.auth !== 'service'));
    // A path under /api/v1 and the same one at the root (a file and its temporary URL) are two routes.
    const keys = ROUTES.map((r) => `${r.method} ${publicPath(r)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('gateway authentication (Zulip 2.1 bodies)', () => {
  let server: Standalone;
  let hamletKey: string;
  let webhookBotKey: string;

  beforeAll(async () => {
    server = await startStandalone({ config, logger: testLogger() });
    const key = async (email: string) =>
      (await request(server.app).post('/api/v1/dev_fetch_api_key').type('form').send({ username: email })).body.api_key;
    hamletKey = await key('hamlet@zulip.com');
    webhookBotKey = await key('webhook-bot@zulip.com');
  });
  afterAll(() => server.stop());

  const me = () => request(server.app).get('/api/v1/users/me');

  it('answers a known path and another method with 405 and Allow, as the services do', async () => {
    const res = await request(server.app).put('/api/v1/messages');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST, GET');
    expect(res.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST', 'GET'] });
  });

  it('asks for credentials when there are none', async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="zulip"');
    expect(res.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required' });
  });

  it('answers a wrong key, or a key of another user, with exactly the invalid-api-key fixture', async () => {
    for (const auth of [basicAuth('hamlet@zulip.com', 'abcedrsdfd'), basicAuth('iago@zulip.com', hamletKey)]) {
      const res = await me().set('Authorization', auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ msg: 'Invalid API key', result: 'error' });
      expect(res.headers['www-authenticate']).toBe('Basic realm="zulip"');
    }
  });

  it('accepts the e-mail in any case and a key with surrounding spaces', async () => {
    const res = await me().set('Authorization', basicAuth('HAMLET@zulip.com', ` ${hamletKey} `));
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('hamlet@zulip.com');
  });

  it('rejects other schemes and undecodable headers', async () => {
    const bearer = await me().set('Authorization', 'Bearer abc');
    expect(bearer.status).toBe(400);
    expect(bearer.body).toEqual({ result: 'error', msg: 'This endpoint requires HTTP basic authentication.' });
    const garbage = await me().set('Authorization', 'Basic !!!');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ result: 'error', msg: 'Invalid authorization header for basic auth' });
  });

  it('refuses a deactivated account at once, although its credentials were cached', async () => {
    const cordelia = await server.db.knex('users').where({ email: 'cordelia@zulip.com' }).first();
    const auth = basicAuth('cordelia@zulip.com', createApiKeyCipher(config.apiKeySecret).decrypt(cordelia.api_key_enc));
    expect((await me().set('Authorization', auth)).status).toBe(200);
    await server.db.knex.transaction(async (trx) => {
      await trx('users').where({ id: cordelia.id }).update({ is_active: false });
      await notifyAuthChange(trx, cordelia.id);
    });
    await waitFor(async () => (await me().set('Authorization', auth)).status === 401, 2000);
    const res = await me().set('Authorization', auth);
    expect(res.body).toEqual({ result: 'error', msg: 'Account is deactivated' });
  });

  it('keeps incoming-webhook bots to the endpoints that allow them', async () => {
    const auth = basicAuth('webhook-bot@zulip.com', webhookBotKey);
    const denied = await me().set('Authorization', auth);
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ result: 'error', msg: 'This API is not available to incoming webhook bots.' });
    const sent = await request(server.app)
      .post('/api/v1/messages')
      .set('Authorization', auth)
      .type('form')
      .send({ type: 'stream', to: 'Verona', topic: 'hooks', content: 'from a bot' });
    expect(sent.status).toBe(200);
  });

  it('ignores identity headers sent from outside', async () => {
    const forged = identityHeaders(
      {
        kind: 'user',
        userId: 1,
        realmId: 1,
        email: 'iago@zulip.com',
        fullName: 'Iago',
        isAdmin: true,
        isModerator: false,
        isGuest: false,
        isBot: false,
        botType: null,
      },
      config.internalSecret,
    );
    const res = await me().set(forged);
    expect(res.status).toBe(401);
  });

  it('answers unknown paths and methods with JSON', async () => {
    const unknown = await request(server.app).get('/api/v1/no/such/thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ result: 'error', msg: 'Not Found' });
    const wrongMethod = await request(server.app).put('/api/v1/messages');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST', 'GET'] });
  });
});
