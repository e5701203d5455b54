import request from 'supertest';
import { followUps } from '@chat/contracts';
import { requestedFollowUps } from '@chat/testing';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('users', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  describe('GET /users', () => {
    it('lists every user of the realm in Zulip 2.1 member format', async () => {
      const res = await request(h.app)
        .get('/api/v1/users')
        .set(await h.headers('hamlet@zulip.com'));
      expect(res.status).toBe(200);
      const hamlet = res.body.members.find((m: { email: string }) => m.email === 'hamlet@zulip.com');
      expect(hamlet).toEqual({
        email: 'hamlet@zulip.com',
        user_id: expect.any(Number),
        avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/),
        is_admin: false,
        is_owner: false,
        is_guest: false,
        is_bot: false,
        full_name: 'King Hamlet',
        timezone: '',
        is_active: true,
        date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/),
        role: 400,
        avatar_version: 1,
        delivery_email: null,
      });
      const webhookBot = res.body.members.find((m: { email: string }) => m.email === 'webhook-bot@zulip.com');
      expect(webhookBot).toMatchObject({ is_bot: true, bot_type: 2, bot_owner_id: (await h.user('ZOE@zulip.com')).id });
      expect(webhookBot).not.toHaveProperty('profile_data');
    });

    it('leaves gravatar URLs to the client with client_gravatar and adds profile_data on request', async () => {
      const res = await request(h.app)
        .get('/api/v1/users')
        .query({ client_gravatar: 'true', include_custom_profile_fields: 'true' })
        .set(await h.headers('hamlet@zulip.com'));
      const hamlet = res.body.members.find((m: { email: string }) => m.email === 'hamlet@zulip.com');
      expect(hamlet.avatar_url).toBeNull();
      expect(hamlet.profile_data).toEqual({});
      const bot = res.body.members.find((m: { email: string }) => m.email === 'error-bot@zulip.com');
      expect(bot).not.toHaveProperty('profile_data');
    });

    it('checks boolean parameters', async () => {
      const res = await request(h.app)
        .get('/api/v1/users')
        .query({ client_gravatar: 'yes' })
        .set(await h.headers('hamlet@zulip.com'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'Argument "client_gravatar" is not valid JSON.', code: 'BAD_REQUEST' });
    });
  });

  describe('GET /users/{user_id}', () => {
    it('answers one member as GET /users lists it, deactivated ones included', async () => {
      const headers = await h.headers('hamlet@zulip.com');
      const all = (await request(h.app).get('/api/v1/users').query({ include_custom_profile_fields: 'true' }).set(headers)).body
        .members as { user_id: number }[];
      const othello = await h.user('othello@zulip.com');
      const res = await request(h.app).get(`/api/v1/users/${othello.id}`).query({ include_custom_profile_fields: 'true' }).set(headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'success', msg: '', user: all.find((m) => m.user_id === othello.id) });

      const bot = await h.user('webhook-bot@zulip.com');
      const botRes = await request(h.app).get(`/api/v1/users/${bot.id}`).query({ client_gravatar: 'true' }).set(headers);
      expect(botRes.body.user).toMatchObject({ user_id: bot.id, is_bot: true, bot_type: 2, avatar_url: null });
      expect(botRes.body.user).not.toHaveProperty('profile_data');
    });

    it('answers an unknown id with "No such user"', async () => {
      const res = await request(h.app)
        .get('/api/v1/users/999999')
        .set(await h.headers('hamlet@zulip.com'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'No such user', code: 'BAD_REQUEST' });
    });
  });

  describe('POST /users', () => {
    const form = { email: 'newbie@zulip.com', password: 'abcd1234', full_name: 'New User', short_name: 'newbie' };

    it('lets an administrator create a user, announced to the realm and joined to the default streams', async () => {
      const notices = await eventsOf(h.db, async () => {
        const res = await request(h.app)
          .post('/api/v1/users')
          .set(await h.headers('iago@zulip.com'))
          .type('form')
          .send(form);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ result: 'success', msg: '' });
      });
      const created = await h.user('newbie@zulip.com');
      expect(created).toMatchObject({ full_name: 'New User', short_name: 'newbie', role: 'member', is_bot: false });
      const fullMembers = (await h.db.knex('user_groups').where({ name: 'role:fullmembers', is_system_group: true }).first('id')) as {
        id: number;
      };
      expect(notices).toHaveLength(2);
      // The new member joins the system group of their role.
      expect(notices[1]!.event).toEqual({ type: 'user_group', op: 'add_members', group_id: fullMembers.id, user_ids: [created.id] });
      expect(notices[0]!.event).toEqual({
        type: 'realm_user',
        op: 'add',
        person: {
          email: 'newbie@zulip.com',
          user_id: created.id,
          is_admin: false,
          is_owner: false,
          role: 400,
          avatar_version: 1,
          delivery_email: null,
          full_name: 'New User',
          avatar_url: expect.stringContaining('gravatar'),
          timezone: '',
          date_joined: expect.any(String),
          is_guest: false,
          is_bot: false,
          profile_data: {},
        },
      });
      expect(notices[0]!.userIds).toContain(created.id);
      // Joining the default streams is the subscription service's follow-up, requested in the same transaction.
      expect(await requestedFollowUps(h.db, followUps.joinDefaultStreams)).toContainEqual({
        realmId: h.realmId,
        userId: created.id,
      });
    });

    it('refuses an address in use, whatever its case', async () => {
      const res = await request(h.app)
        .post('/api/v1/users')
        .set(await h.headers('iago@zulip.com'))
        .type('form')
        .send({ ...form, email: 'HAMLET@zulip.com' });
      expect(res.body).toEqual({ result: 'error', msg: "Email 'HAMLET@zulip.com' already in use" });
      expect(res.status).toBe(400);
    });

    it('is for administrators only', async () => {
      const res = await request(h.app)
        .post('/api/v1/users')
        .set(await h.headers('hamlet@zulip.com'))
        .type('form')
        .send({ ...form, email: 'x@zulip.com' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
      expect(await h.db.knex('users').where({ email: 'x@zulip.com' }).first()).toBeUndefined();
    });

    it.each([
      [{ full_name: 'A' }, 'Name too short!', 'BAD_REQUEST'],
      [{ full_name: 'x'.repeat(101) }, 'Name too long!', 'BAD_REQUEST'],
      [{ full_name: 'Bad *name*' }, 'Invalid characters in name!', 'BAD_REQUEST'],
      [{ email: 'not-an-address' }, 'Bad name or username', undefined],
    ])('validates %p', async (change, msg, code) => {
      const res = await request(h.app)
        .post('/api/v1/users')
        .set(await h.headers('iago@zulip.com'))
        .type('form')
        .send({ ...form, email: 'valid@zulip.com', ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(code ? { result: 'error', msg, code } : { result: 'error', msg });
    });

    it.each(['email', 'password', 'full_name', 'short_name'])('requires %s', async (name) => {
      const body: Record<string, string> = { ...form };
      delete body[name];
      const res = await request(h.app)
        .post('/api/v1/users')
        .set(await h.headers('iago@zulip.com'))
        .type('form')
        .send(body);
      expect(res.body).toEqual({ result: 'error', msg: `Missing '${name}' argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: name });
    });
  });

  describe('DELETE /users/{user_id} and reactivation', () => {
    it('deactivates a user: realm_user remove to the others, then reactivates with realm_user add', async () => {
      const target = await h.user('cordelia@zulip.com');
      const notices = await eventsOf(h.db, async () => {
        const res = await request(h.app)
          .delete(`/api/v1/users/${target.id}`)
          .set(await h.headers('iago@zulip.com'));
        expect(res.body).toEqual({ result: 'success', msg: '' });
      });
      expect((await h.user('cordelia@zulip.com')).is_active).toBe(false);
      expect(notices.map((n) => n.event)).toEqual([
        { type: 'realm_user', op: 'remove', person: { email: 'cordelia@zulip.com', user_id: target.id, full_name: 'Cordelia Lear' } },
      ]);
      expect(notices[0]!.userIds).not.toContain(target.id);

      const again = await request(h.app)
        .delete(`/api/v1/users/${target.id}`)
        .set(await h.headers('iago@zulip.com'));
      expect(again.body).toEqual({ result: 'error', msg: 'User is deactivated', code: 'BAD_REQUEST' });

      const back = await eventsOf(h.db, async () => {
        const res = await request(h.app)
          .post(`/api/v1/users/${target.id}/reactivate`)
          .set(await h.headers('iago@zulip.com'));
        expect(res.body).toEqual({ result: 'success', msg: '' });
      });
      expect(back.map((n) => [n.event.type, n.event.op])).toEqual([['realm_user', 'add']]);
      expect((await h.user('cordelia@zulip.com')).is_active).toBe(true);
    });

    it("deactivating a user deactivates the user's bots", async () => {
      const zoe = await h.user('ZOE@zulip.com');
      const bot = await h.user('webhook-bot@zulip.com');
      const notices = await eventsOf(h.db, async () => {
        await request(h.app)
          .delete(`/api/v1/users/${zoe.id}`)
          .set(await h.headers('iago@zulip.com'))
          .expect(200);
      });
      expect((await h.user('webhook-bot@zulip.com')).is_active).toBe(false);
      expect(notices.map((n) => [n.event.type, n.event.op, (n.event.person ?? n.event.bot) as unknown])).toEqual([
        ['realm_user', 'remove', { email: zoe.email, user_id: zoe.id, full_name: 'Zoe' }],
        ['realm_user', 'remove', { email: bot.email, user_id: bot.id, full_name: bot.full_name }],
        ['realm_bot', 'remove', { email: bot.email, user_id: bot.id, full_name: bot.full_name }],
      ]);
      await request(h.app)
        .post(`/api/v1/users/${zoe.id}/reactivate`)
        .set(await h.headers('iago@zulip.com'))
        .expect(200);
      await request(h.app)
        .post(`/api/v1/users/${bot.id}/reactivate`)
        .set(await h.headers('iago@zulip.com'))
        .expect(200);
    });

    it('refuses the only administrator, bots, unknown ids and non-administrators', async () => {
      const iago = await h.user('iago@zulip.com');
      const cases: [string, number, Record<string, unknown>][] = [
        ['iago@zulip.com', iago.id, { result: 'error', msg: 'Cannot deactivate the only organization administrator' }],
        ['iago@zulip.com', (await h.user('error-bot@zulip.com')).id, { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' }],
        ['iago@zulip.com', 999999, { result: 'error', msg: 'No such user', code: 'BAD_REQUEST' }],
        ['hamlet@zulip.com', iago.id, { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' }],
      ];
      for (const [caller, id, body] of cases) {
        const res = await request(h.app)
          .delete(`/api/v1/users/${id}`)
          .set(await h.headers(caller));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(body);
      }
      const bad = await request(h.app)
        .delete('/api/v1/users/abc')
        .set(await h.headers('iago@zulip.com'));
      expect(bad.body).toEqual({
        result: 'error',
        msg: "Bad value for 'user_id': abc",
        code: 'REQUEST_VARIABLE_INVALID',
        var_name: 'user_id',
        bad_value: 'abc',
      });
    });
  });

  describe('DELETE /users/me', () => {
    it('refuses the only administrator with CANNOT_DEACTIVATE_LAST_USER', async () => {
      const res = await request(h.app)
        .delete('/api/v1/users/me')
        .set(await h.headers('iago@zulip.com'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        result: 'error',
        msg: 'Cannot deactivate the only organization administrator.',
        code: 'CANNOT_DEACTIVATE_LAST_USER',
        is_last_admin: true,
        entity: 'organization administrator',
      });
    });

    it('deactivates the caller', async () => {
      const res = await request(h.app)
        .delete('/api/v1/users/me')
        .set(await h.headers('othello@zulip.com'));
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect((await h.user('othello@zulip.com')).is_active).toBe(false);
    });
  });

  describe('PATCH /users/{user_id}', () => {
    it('changes role and name with realm_user update events', async () => {
      const prospero = await h.user('prospero@zulip.com');
      const notices = await eventsOf(h.db, async () => {
        const res = await request(h.app)
          .patch(`/api/v1/users/${prospero.id}`)
          .set(await h.headers('iago@zulip.com'))
          .type('form')
          .send({ is_admin: 'true', full_name: '"Prospero"' });
        expect(res.body).toEqual({ result: 'success', msg: '' });
      });
      const groups = new Map(
        ((await h.db.knex('user_groups').where({ is_system_group: true }).select('id', 'name')) as { id: number; name: string }[]).map(
          (g) => [g.name, g.id],
        ),
      );
      expect(notices.map((n) => n.event.person ?? { group_id: n.event.group_id, op: n.event.op, user_ids: n.event.user_ids })).toEqual([
        { email: prospero.email, user_id: prospero.id, is_admin: true },
        { user_id: prospero.id, role: 200 },
        // The system group of the role follows it.
        { group_id: groups.get('role:fullmembers'), op: 'remove_members', user_ids: [prospero.id] },
        { group_id: groups.get('role:administrators'), op: 'add_members', user_ids: [prospero.id] },
        { email: prospero.email, user_id: prospero.id, full_name: 'Prospero' },
      ]);
      const demote = await request(h.app)
        .patch(`/api/v1/users/${prospero.id}`)
        .set(await h.headers('iago@zulip.com'))
        .type('form')
        .send({ is_admin: 'false' });
      expect(demote.body).toEqual({ result: 'success', msg: '' });
      const both = await request(h.app)
        .patch(`/api/v1/users/${prospero.id}`)
        .set(await h.headers('iago@zulip.com'))
        .type('form')
        .send({ is_admin: 'true', is_guest: 'true' });
      expect(both.body).toEqual({ result: 'error', msg: 'Guests cannot be organization administrators' });
      const iago = await h.user('iago@zulip.com');
      const last = await request(h.app)
        .patch(`/api/v1/users/${iago.id}`)
        .set(await h.headers('iago@zulip.com'))
        .type('form')
        .send({ is_admin: 'false' });
      expect(last.body).toEqual({ result: 'error', msg: 'Cannot remove the only organization administrator' });
    });
  });
});
