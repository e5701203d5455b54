/**
 * The development realm stays on the bare host when other realms exist (as Zulip's development
 * server serves its default realm on 127.0.0.1:9991), and each other realm answers on its
 * subdomain (acme.localhost): the API key, the password login and server_settings, in both
 * topologies. A host that names no realm takes no realm's credentials, at the gateway and at the
 * event tier alike.
 */
import request from 'supertest';
import { basicAuth } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

jest.setTimeout(120_000);

const api = (path: string) => `/api/v1${path}`;

describeBothTopologies('realms by host', (env: () => TopologyEnv) => {
  let port: string;

  beforeAll(async () => {
    const { knex } = env().db;
    await knex('realms')
      .insert({ string_id: 'acme', name: 'Acme', email_domain: 'acme.test', description: '' })
      .onConflict('string_id')
      .ignore();
    port = (await request(env().target).get(api('/server_settings'))).body.realm_uri.split(':').pop();
  });

  it('serves the development realm on the bare host after another realm is created', async () => {
    const settings = await request(env().target).get(api('/server_settings'));
    expect(settings.body).toMatchObject({ realm_name: 'Zulip Dev', realm_uri: `http://127.0.0.1:${port}` });
    const key = await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: 'hamlet@zulip.com' });
    expect(key.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com' });
    const me = await request(env().target).get(api('/users/me')).set('Authorization', basicAuth('hamlet@zulip.com', key.body.api_key));
    expect(me.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com' });
    const state = await request(env().target)
      .post(api('/register'))
      .set('Authorization', basicAuth('hamlet@zulip.com', key.body.api_key))
      .type('form')
      .send({ fetch_event_types: '["realm"]' });
    expect(state.body).toMatchObject({ realm_name: 'Zulip Dev', realm_uri: `http://127.0.0.1:${port}` });
  });

  it('serves another realm on its subdomain of localhost, and no realm on an unknown one', async () => {
    const acme = await request(env().target).get(api('/server_settings')).set('Host', `acme.localhost:${port}`);
    expect(acme.body).toMatchObject({ realm_name: 'Acme', realm_uri: `http://acme.localhost:${port}` });
    const zulip = await request(env().target).get(api('/server_settings')).set('Host', `zulip.localhost:${port}`);
    expect(zulip.body).toMatchObject({ realm_name: 'Zulip Dev' });
    const unknown = await request(env().target).get(api('/server_settings')).set('Host', `nowhere.localhost:${port}`);
    expect(unknown.body.result).toBe('success');
    expect(unknown.body).not.toHaveProperty('realm_name');

    const key = await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: 'hamlet@zulip.com' });
    const elsewhere = await request(env().target)
      .get(api('/users/me'))
      .set('Host', `acme.localhost:${port}`)
      .set('Authorization', basicAuth('hamlet@zulip.com', key.body.api_key));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.msg).toBe('Account is not associated with this subdomain');
  });

  it("refuses every realm's key and session on a host that names no realm, with Zulip's 401", async () => {
    const nowhere = `nosuchrealm.localhost:${port}`;
    const key = (await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: 'hamlet@zulip.com' })).body
      .api_key as string;
    const hamlet = basicAuth('hamlet@zulip.com', key);
    const login = await request(env().target)
      .post('/json/dev_login')
      .set('Cookie', 'csrftoken=t')
      .set('X-CSRFToken', 't')
      .type('form')
      .send({ username: 'hamlet@zulip.com' });
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    // Host-only cookies: a browser never sends them to another realm's subdomain.
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).not.toContain('domain=');
    const session = cookies.map((c) => c.split(';')[0]).join('; ');

    const refusedKey = (res: request.Response) => {
      expect([res.status, res.body]).toEqual([401, { result: 'error', msg: 'Account is not associated with this subdomain' }]);
      expect(res.headers['www-authenticate']).toBe('Basic realm="zulip"');
    };
    const refusedSession = (res: request.Response) =>
      expect([res.status, res.body]).toEqual([401, { result: 'error', msg: 'Account is not associated with this subdomain' }]);
    refusedKey(await request(env().target).get(api('/users/me')).set('Host', nowhere).set('Authorization', hamlet));
    refusedKey(
      await request(env().target)
        .post(api('/messages'))
        .set('Host', nowhere)
        .set('Authorization', hamlet)
        .type('form')
        .send({ type: 'stream', to: 'Denmark', topic: 'nowhere', content: 'x' }),
    );
    refusedSession(await request(env().target).get('/json/users/me').set('Host', nowhere).set('Cookie', session));
    // Incoming webhooks (the key alone) keep Zulip's 400 for this case.
    const hook = await request(env().target).post(api('/external/helloworld')).set('Host', nowhere).query({ api_key: key }).send({});
    expect([hook.status, hook.body.msg]).toEqual([400, 'Account is not associated with this subdomain']);

    // The event tier, where the ingress sends /register and /events directly, says the same.
    const eventTier = env().eventTierUrl ?? env().target;
    refusedKey(
      await request(eventTier)
        .post(api('/register'))
        .set('Host', nowhere)
        .set('Authorization', hamlet)
        .type('form')
        .send({ event_types: '["message"]' }),
    );
    refusedKey(
      await request(eventTier)
        .get(api('/events'))
        .set('Host', nowhere)
        .set('Authorization', hamlet)
        .query({ queue_id: 'x', last_event_id: -1 }),
    );
    refusedSession(
      await request(eventTier)
        .post('/json/register')
        .set('Host', nowhere)
        .set('Cookie', session)
        .set('X-CSRFToken', /csrftoken=([^;]*)/.exec(session)![1]!)
        .type('form')
        .send({ event_types: '["message"]' }),
    );

    // The bare host still serves the development realm with the same credentials.
    expect((await request(env().target).get(api('/users/me')).set('Authorization', hamlet)).status).toBe(200);
    expect((await request(env().target).get('/json/users/me').set('Cookie', session)).status).toBe(200);
    expect(
      (await request(eventTier).post(api('/register')).set('Authorization', hamlet).type('form').send({ event_types: '["message"]' }))
        .status,
    ).toBe(200);
  });

  it('opens no invitation link on a host that names no realm', async () => {
    const iago = basicAuth(
      'iago@zulip.com',
      (await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: 'iago@zulip.com' })).body
        .api_key as string,
    );
    const denmark = (await request(env().target).get(api('/get_stream_id')).query({ stream: 'Denmark' }).set('Authorization', iago)).body
      .stream_id as number;
    const address = `nowhere-${env().name}@example.test`;
    expect(
      (
        await request(env().target)
          .post(api('/invites'))
          .set('Authorization', iago)
          .type('form')
          .send({ invitee_emails: address, stream_ids: JSON.stringify([denmark]) })
      ).body.result,
    ).toBe('success');
    const { confirmation_key: key } = await env().db.knex('invitations').where({ email: address }).first('confirmation_key');
    const anonymous = (method: 'get' | 'post', path: string) =>
      request(env().target)
        [method](`/json${path}`)
        .set('Host', `nosuchrealm.localhost:${port}`)
        .set('Cookie', 'csrftoken=t')
        .set('X-CSRFToken', 't');
    const badLink = { result: 'error', msg: 'The confirmation link has expired or been deactivated.' };
    expect((await anonymous('get', '/signup/invitation').query({ key })).body).toEqual(badLink);
    expect((await anonymous('post', '/signup').type('form').send({ key, full_name: 'Nobody', password: 'long enough' })).body).toEqual(
      badLink,
    );
    expect(await env().db.knex('users').where({ delivery_email: address }).first('id')).toBeUndefined();
  });
});
