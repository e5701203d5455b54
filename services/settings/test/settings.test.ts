import request from 'supertest';
import type { Express } from 'express';
import { createApiKeyCipher, type Database } from '@chat/db';
import { anonymousHeaders, headersFor, RecordingInternalClient, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';

const internal = new RecordingInternalClient();

describe('settings service', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;

  beforeAll(async () => {
    db = await seededDatabase(config);
    app = buildApp({ config, db, cipher: createApiKeyCipher(config.apiKeySecret), logger: testLogger(), internal });
  });
  afterAll(() => db.close());

  describe('GET /server_settings', () => {
    it('answers without authentication with every field of the spec and the realm of the host', async () => {
      const res = await request(app)
        .get('/api/v1/server_settings')
        .set(await anonymousHeaders(db, config));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        authentication_methods: {
          password: true,
          dev: true,
          email: true,
          ldap: false,
          remoteuser: false,
          github: false,
          azuread: false,
          google: false,
          saml: false,
          'openid connect': false,
        },
        zulip_version: '10.0',
        zulip_feature_level: 371,
        zulip_merge_base: '10.0',
        service_version: '10.0',
        push_notifications_enabled: false,
        is_incompatible: false,
        email_auth_enabled: true,
        require_email_format_usernames: true,
        external_authentication_methods: [],
        realm_uri: `http://${config.externalHost}`,
        realm_url: `http://${config.externalHost}`,
        realm_web_public_access_enabled: false,
        realm_name: 'Zulip Dev',
        realm_icon: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/),
        realm_description: "<p>The Zulip development environment default organization.  It's great for testing!</p>",
      });
    });

    it('reports a client named ZulipInvalid as incompatible', async () => {
      const res = await request(app).get('/api/v1/server_settings').set('User-Agent', 'ZulipInvalid/1.0');
      expect(res.body.is_incompatible).toBe(true);
      const ok = await request(app).get('/api/v1/server_settings').set('User-Agent', 'ZulipMobile/26.1');
      expect(ok.body.is_incompatible).toBe(false);
    });

    it('follows the realm switching password login off', async () => {
      await db
        .knex('realms')
        .where({ string_id: 'zulip' })
        .update({ settings: JSON.stringify({ authentication_methods: { email: false } }) });
      try {
        const res = await request(app)
          .get('/api/v1/server_settings')
          .set(await anonymousHeaders(db, config));
        expect(res.body.authentication_methods).toMatchObject({ email: false, password: false, dev: true });
        expect(res.body.email_auth_enabled).toBe(false);
      } finally {
        await db.knex('realms').where({ string_id: 'zulip' }).update({ settings: '{}' });
      }
    });

    it('leaves the realm fields out when no realm is known', async () => {
      const res = await request(app).get('/api/v1/server_settings');
      expect(res.body).toMatchObject({ zulip_version: '10.0', zulip_feature_level: 371, zulip_merge_base: '10.0' });
      expect(res.body).not.toHaveProperty('realm_name');
      expect(res.body).not.toHaveProperty('realm_url');
      expect(res.body).not.toHaveProperty('realm_web_public_access_enabled');
    });
  });

  describe('POST /dev_fetch_api_key', () => {
    it('returns the key and e-mail of a user, found case-insensitively', async () => {
      const res = await request(app)
        .post('/api/v1/dev_fetch_api_key')
        .set(await anonymousHeaders(db, config))
        .type('form')
        .send({ username: 'zoe@zulip.com' });
      expect(res.status).toBe(200);
      const zoe = await db.knex('users').where({ email: 'ZOE@zulip.com' }).first('id');
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        email: 'ZOE@zulip.com',
        user_id: zoe.id,
      });
    });

    it('refuses an unknown user with 403 and Zulip reason', async () => {
      const res = await request(app)
        .post('/api/v1/dev_fetch_api_key')
        .set(await anonymousHeaders(db, config))
        .type('form')
        .send({ username: 'nobody@zulip.com' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ result: 'error', msg: 'This user is not registered.', reason: 'unregistered' });
    });

    it('requires username', async () => {
      const res = await request(app)
        .post('/api/v1/dev_fetch_api_key')
        .set(await anonymousHeaders(db, config));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        result: 'error',
        msg: "Missing 'username' argument",
        code: 'REQUEST_VARIABLE_MISSING',
        var_name: 'username',
      });
    });

    it('is an error on a production server', async () => {
      const production = buildApp({
        config: { ...config, env: 'production' },
        db,
        cipher: createApiKeyCipher(config.apiKeySecret),
        logger: testLogger(),
        internal,
      });
      const res = await request(production)
        .post('/api/v1/dev_fetch_api_key')
        .set(await anonymousHeaders(db, config))
        .type('form')
        .send({ username: 'iago@zulip.com' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'Dev environment not enabled.' });
      const settings = await request(production)
        .get('/api/v1/server_settings')
        .set(await anonymousHeaders(db, config));
      expect(settings.body.authentication_methods.dev).toBe(false);
    });
  });

  describe('GET /users/me', () => {
    it('returns the Profile fields of the caller', async () => {
      const res = await request(app)
        .get('/api/v1/users/me')
        .set(await headersFor(db, config, 'iago@zulip.com'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        client_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        email: 'iago@zulip.com',
        full_name: 'Iago',
        short_name: 'iago',
        user_id: expect.any(Number),
        avatar_url: expect.stringContaining('https://secure.gravatar.com/avatar/'),
        is_admin: true,
        is_owner: false,
        is_guest: false,
        is_bot: false,
        is_active: true,
        timezone: '',
        date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/),
        role: 200,
        avatar_version: 1,
        delivery_email: 'iago@zulip.com',
        pointer: -1,
        max_message_id: -1,
        profile_data: {},
      });
    });

    it('gives max_message_id from the user history and profile_data to bots too', async () => {
      const bot = (await db.knex('users').where({ email: 'default-bot@zulip.com' }).first()) as { id: number };
      await db.knex('user_messages').insert({ user_id: bot.id, message_id: 42 });
      const res = await request(app)
        .get('/api/v1/users/me')
        .set(await headersFor(db, config, 'default-bot@zulip.com'));
      expect(res.body).toMatchObject({ is_bot: true, max_message_id: 42, pointer: -1, profile_data: {} });
    });

    it('needs an authenticated user', async () => {
      const res = await request(app)
        .get('/api/v1/users/me')
        .set(await anonymousHeaders(db, config));
      expect(res.status).toBe(401);
    });
  });
});
