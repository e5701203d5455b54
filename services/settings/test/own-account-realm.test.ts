import request from 'supertest';
import { getRealm, getUserById } from '@chat/db';
import { personalSettings, realmIconUrl } from '@chat/views';
import { settingsContext } from '../src/app';
import { runCommand } from '../src/cli';
import { startSettings, eventsOf, type Harness } from './helpers';

describe("enter-sends, the caller's avatar, the realm's images and deactivation", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const as = (who: string) => h.headers(`${who}@zulip.com`);
  const ok = { result: 'success', msg: '' };

  it('POST /users/me/enter-sends changes the setting PATCH /settings changes', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const post = async (value: string) =>
      (
        await request(h.app)
          .post('/api/v1/users/me/enter-sends')
          .set(await as('hamlet'))
          .type('form')
          .send({ enter_sends: value })
      ).body;
    expect(await post('true')).toEqual(ok);
    expect(personalSettings((await getUserById(h.db.knex, h.realmId, hamlet.id))!).enter_sends).toBe(true);
    expect(await post('false')).toEqual(ok);
    expect(personalSettings((await getUserById(h.db.knex, h.realmId, hamlet.id))!).enter_sends).toBe(false);
    expect(await post('yes')).toEqual({ result: 'error', msg: 'Argument "enter_sends" is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('DELETE /users/me/avatar goes back to Gravatar, with a realm_user update to everyone', async () => {
    const before = await h.user('othello@zulip.com');
    let body: Record<string, unknown> = {};
    const notices = await eventsOf(h.db, async () => {
      body = (
        await request(h.app)
          .delete('/api/v1/users/me/avatar')
          .set(await as('othello'))
      ).body;
    });
    expect(body).toEqual({
      ...ok,
      avatar_url: expect.stringContaining('https://secure.gravatar.com/avatar/'),
      avatar_url_medium: expect.stringContaining('&s=500'),
    });
    expect(notices.map((n) => n.event)).toEqual([
      {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: before.id,
          email: before.email,
          avatar_source: 'G',
          avatar_url: body.avatar_url,
          avatar_url_medium: body.avatar_url_medium,
        },
      },
    ]);
    expect((await h.user('othello@zulip.com')).avatar_version).toBe(before.avatar_version + 1);
  });

  it("GET /realm/icon and /realm/logo redirect to the realm's icon, passing the query on", async () => {
    const realm = (await getRealm(h.db.knex, h.realmId))!;
    const icon = await request(h.app)
      .get('/api/v1/realm/icon')
      .query({ version: '3' })
      .set(await as('hamlet'));
    expect(icon.status).toBe(302);
    expect(icon.headers.location).toBe(`${realmIconUrl(realm)}&version=3`);
    const logo = await request(h.app)
      .get('/api/v1/realm/logo')
      .query({ night: 'false' })
      .set(await as('hamlet'));
    expect([logo.status, logo.headers.location]).toEqual([302, `${realmIconUrl(realm)}&night=false`]);
    const noNight = await request(h.app)
      .get('/api/v1/realm/logo')
      .set(await as('hamlet'));
    expect(noNight.body).toMatchObject({ result: 'error', msg: "Missing 'night' argument" });
  });

  it('POST /realm/deactivate: administrators only; deactivates once, ends sessions, tells every active user', async () => {
    const refused = await request(h.app)
      .post('/api/v1/realm/deactivate')
      .set(await as('hamlet'));
    expect(refused.body).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
    const hamlet = await h.user('hamlet@zulip.com');
    await h.db.knex('sessions').insert({
      realm_id: h.realmId,
      user_id: hamlet.id,
      token_hash: 'deactivation-test',
      csrf_token: 'x',
      expires_at: new Date(Date.now() + 60_000),
    });
    const notices = await eventsOf(h.db, async () => {
      expect(
        (
          await request(h.app)
            .post('/api/v1/realm/deactivate')
            .set(await as('iago'))
        ).body,
      ).toEqual(ok);
    });
    expect(notices.map((n) => n.event)).toEqual([{ type: 'realm', op: 'deactivated', realm_id: h.realmId }]);
    expect(notices[0]!.userIds).toContain(hamlet.id);
    expect(((await h.db.knex('realms').where({ id: h.realmId }).first('deactivated')) as { deactivated: boolean }).deactivated).toBe(true);
    expect(await h.db.knex('sessions').where({ user_id: hamlet.id }).first()).toBeUndefined();
  });

  it('manage reactivate-realm lets the realm back in, once', async () => {
    const lines: string[] = [];
    const io = {
      out: (line: string) => void lines.push(line),
      err: () => undefined,
      readPassword: async () => '',
      writePrivateFile: () => undefined,
    };
    await runCommand(settingsContext(h.deps), ['reactivate-realm'], io);
    await runCommand(settingsContext(h.deps), ['reactivate-realm'], io);
    expect(lines).toEqual(["Reactivated realm 'zulip'.", "Realm 'zulip' is not deactivated."]);
    expect(((await h.db.knex('realms').where({ id: h.realmId }).first('deactivated')) as { deactivated: boolean }).deactivated).toBe(false);
  });
});
