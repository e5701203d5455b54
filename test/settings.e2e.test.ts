/**
 * Users, bots, keys, settings and custom emoji through the gateway, in both topologies; and the
 * administration command end to end (a user it creates logs in with its zuliprc).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { startStandalone } from '@chat/standalone';
import { ApiClient, basicAuth, testConfig, testLogger, TINY_PNG as PNG, waitFor } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

describeBothTopologies('settings', (env: () => TopologyEnv) => {
  const api = (path: string) => `/api/v1${path}`;
  let iago: string;
  let hamlet: string;
  const key = async (email: string) =>
    (await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: email })).body;

  beforeAll(async () => {
    const i = await key('iago@zulip.com');
    const h = await key('hamlet@zulip.com');
    iago = basicAuth(i.email, i.api_key);
    hamlet = basicAuth(h.email, h.api_key);
  });

  it('serves the profile, the user list and server settings', async () => {
    const me = await request(env().target).get(api('/users/me')).set('Authorization', hamlet);
    expect(me.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com', is_admin: false, pointer: -1, profile_data: {} });
    const users = await request(env().target).get(api('/users')).query({ client_gravatar: 'true' }).set('Authorization', hamlet);
    expect(users.body.members.find((m: { email: string }) => m.email === 'iago@zulip.com')).toMatchObject({
      is_admin: true,
      avatar_url: null,
    });
    const settings = await request(env().target).get(api('/server_settings'));
    expect(settings.body).toMatchObject({
      zulip_version: '10.0',
      zulip_feature_level: 371,
      realm_name: 'Zulip Dev',
      external_authentication_methods: [],
    });
  });

  it('creates a user who logs in with a password; a queue sees realm_user add; deactivation locks them out', async () => {
    const client = await new ApiClient(env().target).loginAs('othello@zulip.com');
    const queue = await client.post('/register', { event_types: ['realm_user'] });
    expect(queue.status).toBe(200);

    const created = await request(env().target)
      .post(api('/users'))
      .set('Authorization', iago)
      .type('form')
      .send({ email: `viola-${env().name}@zulip.com`, password: 'shipwrecked', full_name: 'Viola', short_name: 'viola' });
    expect(created.body).toEqual({ result: 'success', msg: '' });
    const again = await request(env().target)
      .post(api('/users'))
      .set('Authorization', iago)
      .type('form')
      .send({ email: `viola-${env().name}@zulip.com`, password: 'x', full_name: 'Viola', short_name: 'viola' });
    expect(again.body).toEqual({ result: 'error', msg: `Email 'viola-${env().name}@zulip.com' already in use` });
    const notAdmin = await request(env().target)
      .post(api('/users'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ email: 'x@zulip.com', password: 'x', full_name: 'Xx', short_name: 'x' });
    expect(notAdmin.body.msg).toBe('Must be an organization administrator');

    const login = await request(env().target)
      .post(api('/fetch_api_key'))
      .type('form')
      .send({ username: `viola-${env().name}@zulip.com`, password: 'shipwrecked' });
    expect(login.body).toEqual({
      result: 'success',
      msg: '',
      api_key: expect.any(String),
      email: `viola-${env().name}@zulip.com`,
      user_id: expect.any(Number),
    });
    const viola = basicAuth(login.body.email, login.body.api_key);
    const me = await request(env().target).get(api('/users/me')).set('Authorization', viola);
    expect(me.body.full_name).toBe('Viola');

    let events: { type: string; op: string; person: { email: string } }[] = [];
    await waitFor(async () => {
      const res = await client.get('/events', { queue_id: queue.body.queue_id, last_event_id: -1, dont_block: true });
      events = res.body.events;
      return events.some((e) => e.type === 'realm_user' && e.op === 'add');
    });
    expect(events.find((e) => e.op === 'add')!.person.email).toBe(`viola-${env().name}@zulip.com`);

    const deactivated = await request(env().target)
      .delete(api(`/users/${me.body.user_id}`))
      .set('Authorization', iago);
    expect(deactivated.body).toEqual({ result: 'success', msg: '' });
    const locked = await request(env().target).get(api('/users/me')).set('Authorization', viola);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ result: 'error', msg: 'Account is deactivated' });
    const relogin = await request(env().target)
      .post(api('/fetch_api_key'))
      .type('form')
      .send({ username: `viola-${env().name}@zulip.com`, password: 'shipwrecked' });
    expect(relogin.status).toBe(403);
    const iagoId = (await request(env().target).get(api('/users/me')).set('Authorization', iago)).body.user_id;
    const lastAdmin = await request(env().target)
      .delete(api(`/users/${iagoId}`))
      .set('Authorization', iago);
    expect(lastAdmin.body).toEqual({ result: 'error', msg: 'Cannot deactivate the only organization administrator' });
  });

  it('limits failed logins per username', async () => {
    const username = 'cordelia@zulip.com';
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await request(env().target)
            .post(api('/fetch_api_key'))
            .type('form')
            .send({ username, password: `no${i}` })
        ).status,
      ).toBe(403);
    }
    const limited = await request(env().target).post(api('/fetch_api_key')).type('form').send({ username, password: 'no' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ result: 'error', msg: 'API usage exceeded rate limit' });
  });

  it('bots: create, list, rename, rotate the key (old key refused at once), deactivate', async () => {
    const created = await request(env().target)
      .post(api('/bots'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ full_name: `Yorick ${env().name}`, short_name: `yorick-${env().name}`, bot_type: '2' });
    expect(created.body).toMatchObject({ result: 'success', api_key: expect.any(String), user_id: expect.any(Number) });
    const botEmail = `yorick-${env().name}-bot@zulip.com`;
    const list = await request(env().target).get(api('/bots')).set('Authorization', hamlet);
    expect(list.body.bots).toContainEqual(expect.objectContaining({ username: botEmail, api_key: created.body.api_key }));
    const renamed = await request(env().target)
      .patch(api(`/bots/${created.body.user_id}`))
      .set('Authorization', hamlet)
      .type('form')
      .send({ full_name: `Poor Yorick ${env().name}` });
    expect(renamed.body).toMatchObject({ full_name: `Poor Yorick ${env().name}`, bot_owner: 'hamlet@zulip.com' });
    const hook = (k: string) =>
      request(env().target)
        .post(api('/messages'))
        .set('Authorization', basicAuth(botEmail, k))
        .type('form')
        .send({ type: 'private', to: 'hamlet@zulip.com', content: 'alas' });
    expect((await hook(created.body.api_key)).status).toBe(200);
    const rotated = await request(env().target)
      .post(api(`/bots/${created.body.user_id}/api_key/regenerate`))
      .set('Authorization', hamlet);
    expect(rotated.body.api_key).not.toBe(created.body.api_key);
    expect((await hook(created.body.api_key)).status).toBe(401);
    expect((await hook(rotated.body.api_key)).status).toBe(200);
    const removed = await request(env().target)
      .delete(api(`/bots/${created.body.user_id}`))
      .set('Authorization', hamlet);
    expect(removed.body).toEqual({ result: 'success', msg: '' });
    const gone = await hook(rotated.body.api_key);
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual({ result: 'error', msg: 'Account is deactivated' });
    const bad = await request(env().target)
      .post(api('/bots'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ full_name: 'Xx', short_name: 'xx', bot_type: '4' });
    expect(bad.body).toEqual({ result: 'error', msg: 'Invalid bot type', code: 'BAD_REQUEST' });
  });

  it("regenerates one's own key", async () => {
    const othello = await key('othello@zulip.com');
    const res = await request(env().target)
      .post(api('/users/me/api_key/regenerate'))
      .set('Authorization', basicAuth(othello.email, othello.api_key));
    expect(res.body.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await request(env().target).get(api('/users/me')).set('Authorization', basicAuth(othello.email, othello.api_key))).status).toBe(
      401,
    );
    expect(
      (await request(env().target).get(api('/users/me')).set('Authorization', basicAuth(othello.email, res.body.api_key))).status,
    ).toBe(200);
  });

  it('notification and display settings, and the pointer', async () => {
    const n = await request(env().target)
      .patch(api('/settings/notifications'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ enable_sounds: 'false', enable_digest_emails: 'true', desktop_icon_count_display: '3' });
    expect(n.body).toEqual({ result: 'success', msg: '', enable_sounds: false, desktop_icon_count_display: 3 });
    const bad = await request(env().target)
      .patch(api('/settings/notifications'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ desktop_icon_count_display: '5' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ result: 'error', msg: 'Invalid desktop_icon_count_display', code: 'BAD_REQUEST' });
    const d = await request(env().target)
      .patch(api('/settings/display'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ night_mode: 'true' });
    expect(d.body).toEqual({ result: 'success', msg: '', night_mode: true });
    const sent = await request(env().target)
      .post(api('/messages'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ type: 'stream', to: 'Denmark', subject: 'pointer', content: 'here' });
    const moved = await request(env().target)
      .post(api('/users/me/pointer'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ pointer: String(sent.body.id) });
    expect(moved.body).toEqual({ result: 'success', msg: '' });
    expect((await request(env().target).get(api('/users/me/pointer')).set('Authorization', hamlet)).body.pointer).toBe(sent.body.id);
    const invalid = await request(env().target)
      .put(api('/users/me/pointer'))
      .set('Authorization', hamlet)
      .type('form')
      .send({ pointer: String(sent.body.id + 1000) });
    expect(invalid.body).toEqual({ result: 'error', msg: 'Invalid message ID', code: 'BAD_REQUEST' });
  });

  it('custom emoji: upload (multipart through the gateway), list, deactivate', async () => {
    const name = `tick_${env().name}`;
    const up = await request(env().target)
      .post(api(`/realm/emoji/${name}`))
      .set('Authorization', hamlet)
      .attach('file', PNG, 'tick.png');
    expect(up.body).toEqual({ result: 'success', msg: '' });
    const list = await request(env().target).get(api('/realm/emoji')).set('Authorization', hamlet);
    const emoji = Object.values(list.body.emoji as Record<string, { name: string; deactivated: boolean; source_url: string }>).find(
      (e) => e.name === name,
    )!;
    expect(emoji).toMatchObject({
      deactivated: false,
      source_url: expect.stringMatching(/^\/user_avatars\/\d+\/emoji\/images\/\d+\.png$/),
    });
    const dup = await request(env().target)
      .post(api(`/realm/emoji/${name}`))
      .set('Authorization', hamlet)
      .attach('file', PNG, 'tick.png');
    expect(dup.body).toEqual({ result: 'error', msg: 'A custom emoji with this name already exists.' });
    const del = await request(env().target)
      .delete(api(`/realm/emoji/${name}`))
      .set('Authorization', iago);
    expect(del.body).toEqual({ result: 'success', msg: '' });
    const missing = await request(env().target)
      .delete(api(`/realm/emoji/${name}`))
      .set('Authorization', iago);
    expect(missing.body).toEqual({ result: 'error', msg: `Emoji '${name}' does not exist`, code: 'BAD_REQUEST' });
  });
});

describe('administration command, end to end', () => {
  const run = promisify(execFile);
  const root = join(__dirname, '..');
  const config = testConfig();
  const dataDir = mkdtempSync(join(tmpdir(), 'manage-e2e-'));
  const manage = (...args: string[]) =>
    run(join(root, 'node_modules/.bin/tsx'), [join(root, 'services/settings/src/cli.ts'), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        API_KEY_SECRET: config.apiKeySecret,
        INTERNAL_SECRET: config.internalSecret,
        EXTERNAL_HOST: 'chat.example.test',
      },
    });

  it('creates a user whose zuliprc works against the API', async () => {
    // The embedded server seeds the database, then stops: PGlite is one process's database.
    const first = await startStandalone({ config, logger: testLogger(), pgliteDir: join(dataDir, 'pglite') });
    await first.stop();

    const passwordFile = join(dataDir, 'password');
    writeFileSync(passwordFile, 'to be or not\n');
    const created = await manage(
      'create-user',
      '--email',
      'horatio@zulip.com',
      '--full-name',
      'Horatio',
      '--role',
      'admin',
      '--password-file',
      passwordFile,
    );
    expect(created.stdout).toMatch(/^Created user horatio@zulip.com \(id \d+\) in realm 'zulip'\./);
    const rc = await manage('print-zuliprc', 'horatio@zulip.com');
    const zuliprc = Object.fromEntries(
      rc.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('=', 2) as [string, string]),
    );
    expect(rc.stdout.split('\n')[0]).toBe('[api]');
    expect(zuliprc).toEqual({
      email: 'horatio@zulip.com',
      key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      site: 'https://chat.example.test',
    });
    await expect(manage('change-user-role', 'nobody@zulip.com', 'admin')).rejects.toMatchObject({
      stderr: expect.stringContaining('There is no user'),
    });

    const server = await startStandalone({ config, logger: testLogger(), pgliteDir: join(dataDir, 'pglite') });
    try {
      const me = await request(server.app).get('/api/v1/users/me').set('Authorization', basicAuth(zuliprc.email!, zuliprc.key!));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: 'horatio@zulip.com', full_name: 'Horatio', is_admin: true });
      const login = await request(server.app)
        .post('/api/v1/fetch_api_key')
        .type('form')
        .send({ username: 'horatio@zulip.com', password: 'to be or not' });
      expect(login.body.api_key).toBe(zuliprc.key);
    } finally {
      await server.stop();
    }

    await manage('regenerate-api-key', 'horatio@zulip.com');
    await manage('deactivate-user', 'horatio@zulip.com');
    const after = await startStandalone({ config, logger: testLogger(), pgliteDir: join(dataDir, 'pglite') });
    try {
      const old = await request(after.app).get('/api/v1/users/me').set('Authorization', basicAuth(zuliprc.email!, zuliprc.key!));
      expect(old.status).toBe(401);
    } finally {
      await after.stop();
    }
  }, 120_000);
});
