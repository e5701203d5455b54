/**
 * The development realm stays on the bare host when other realms exist (as Zulip's development
 * server serves its default realm on 127.0.0.1:9991), and each other realm answers on its
 * subdomain (acme.localhost): the API key, the password login and server_settings, in both
 * topologies.
 */
import request from 'supertest';
import { basicAuth } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

const api = (path: string) => `/api/v1${path}`;

describeBothTopologies('realms by host', (env: () => TopologyEnv) => {
  let port: string;

  beforeAll(async () => {
    const { knex } = env().db;
    await knex('realms').insert({ string_id: 'acme', name: 'Acme', email_domain: 'acme.test', description: '' }).onConflict('string_id').ignore();
    port = (await request(env().target).get(api('/server_settings'))).body.realm_uri.split(':').pop();
  });

  it('serves the development realm on the bare host after another realm is created', async () => {
    const settings = await request(env().target).get(api('/server_settings'));
    expect(settings.body).toMatchObject({ realm_name: 'Zulip Dev', realm_uri: `http://127.0.0.1:${port}` });
    const key = await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: 'hamlet@zulip.com' });
    expect(key.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com' });
    const me = await request(env().target).get(api('/users/me')).set('Authorization', basicAuth('hamlet@zulip.com', key.body.api_key));
    expect(me.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com' });
    const state = await request(env().target).post(api('/register')).set('Authorization', basicAuth('hamlet@zulip.com', key.body.api_key)).type('form').send({ fetch_event_types: '["realm"]' });
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
    const elsewhere = await request(env().target).get(api('/users/me')).set('Host', `acme.localhost:${port}`).set('Authorization', basicAuth('hamlet@zulip.com', key.body.api_key));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.msg).toBe('Account is not associated with this subdomain');
  });
});
