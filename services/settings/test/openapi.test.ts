/**
 * GET /users/me and GET /server_settings against the response schemas of Zulip 2.1's own OpenAPI
 * document (libs/testing/reference/zulip-2.1-openapi.yaml), with every $ref resolved.
 */
import request from 'supertest';
import { anonymousHeaders, zulipOpenApi } from '@chat/testing';
import { startSettings, type Harness } from './helpers';

describe('responses against Zulip 2.1 OpenAPI', () => {
  let h: Harness;
  const { schemaFor, check } = zulipOpenApi();

  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  it('the schema check can fail', () => {
    expect(() => check(schemaFor('/users/me', 'get'), { result: 'success', msg: '', user_id: 'x' })).toThrow();
  });

  it('GET /users/me matches the Profile schema, for a user and a bot', async () => {
    for (const email of ['iago@zulip.com', 'default-bot@zulip.com']) {
      const res = await request(h.app)
        .get('/api/v1/users/me')
        .set(await h.headers(email));
      expect(res.status).toBe(200);
      check(schemaFor('/users/me', 'get'), res.body);
    }
  });

  it('GET /server_settings matches, with and without a realm', async () => {
    const withRealm = await request(h.app)
      .get('/api/v1/server_settings')
      .set(await anonymousHeaders(h.db, h.config));
    check(schemaFor('/server_settings', 'get'), withRealm.body);
    const withoutRealm = await request(h.app).get('/api/v1/server_settings');
    check(schemaFor('/server_settings', 'get', { requireDocumented: false }), withoutRealm.body);
  });
});
