/**
 * OpenID Connect beyond the embedded suite (oidc-login.e2e.test.ts): one login end to end through
 * the distributed topology's gateway, and a provider that cannot be reached, which fails the login
 * with a message and nothing else.
 */
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { newTestOidcAccount, oidcLogin, sessionUser, testConfig, testLogger, testOidcOverrides } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

jest.setTimeout(60_000);

const LOGIN = '/accounts/login/social/oidc/default';

describe('OpenID Connect login with the provider down (embedded)', () => {
  let server: Standalone;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) of this machine.
    const config = testConfig(testOidcOverrides({ issuer: 'http://127.0.0.1:9' }));
    server = await startStandalone({ config, logger: testLogger() });
  });
  afterAll(() => server.stop());

  it('fails the login with a message and leaves the rest working', async () => {
    const res = await request(server.app).get(LOGIN);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ result: 'error', msg: 'The identity provider cannot be reached. Please try again later.' });
    expect((await request(server.app).get('/api/v1/server_settings')).body.result).toBe('success');
    const key = await request(server.app).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'hamlet@zulip.com' });
    expect(key.body.result).toBe('success');
  });
});

describe('OpenID Connect login (distributed)', () => {
  let cluster: DistributedCluster;
  beforeAll(async () => {
    cluster = await startDistributedCluster({ configOverrides: testOidcOverrides() });
  });
  afterAll(() => cluster.stop());

  it('logs an existing person in through the gateway', async () => {
    const sub = await newTestOidcAccount('hamlet@zulip.com');
    const res = await oidcLogin(cluster.gatewayUrl, LOGIN, sub);
    expect(res.status).toBe(302);
    expect(await sessionUser(cluster.gatewayUrl, res.cookies)).toMatchObject({ email: 'hamlet@zulip.com' });
  });
});
