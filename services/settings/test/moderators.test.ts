/**
 * The moderator role (Zulip's feature level 60): administrators give and take it through
 * PATCH /users/{user_id} `role`, today's clients read it as role 300 and from the
 * role:moderators system group, 2.1's is_admin / is_guest keep working beside it, and the
 * realm policies whose value is 4 (administrators and moderators) admit it.
 */
import request from 'supertest';
import { eventsOf, startSettings, type Harness } from './helpers';

describe('the moderator role', () => {
  let h: Harness;
  let ids: Record<string, number>;
  let groups: Map<string, number>;
  beforeAll(async () => {
    h = await startSettings();
    ids = {};
    for (const name of ['hamlet', 'othello', 'iago', 'prospero', 'cordelia', 'polonius'])
      ids[name] = (await h.user(`${name}@zulip.com`)).id;
    const rows: { id: number; name: string }[] = await h.db
      .knex('user_groups')
      .where({ realm_id: h.realmId, is_system_group: true })
      .select('id', 'name');
    groups = new Map(rows.map((g) => [g.name, g.id]));
  });
  afterAll(() => h.close());

  const patchUser = async (who: string, userId: number, form: Record<string, string>) =>
    (
      await request(h.app)
        .patch(`/api/v1/users/${userId}`)
        .set(await h.headers(`${who}@zulip.com`))
        .type('form')
        .send(form)
    ).body;
  const roleOf = async (name: string) => (await h.user(`${name}@zulip.com`)).role;
  const ok = { result: 'success', msg: '' };
  /** A notice's event as the test compares it: the person of realm_user, the members of user_group. */
  const summary = (event: Record<string, unknown>) =>
    event.type === 'user_group' ? { group_id: event.group_id, op: event.op, user_ids: event.user_ids } : event.person;

  it('lets an administrator make a member a moderator: role 300 to the realm, the system groups follow, no 2.1 flag changes', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect(await patchUser('iago', ids.othello!, { role: '300' })).toEqual(ok);
    });
    expect(notices.map((n) => summary(n.event))).toEqual([
      { user_id: ids.othello, role: 300 },
      { group_id: groups.get('role:fullmembers'), op: 'remove_members', user_ids: [ids.othello] },
      { group_id: groups.get('role:moderators'), op: 'add_members', user_ids: [ids.othello] },
    ]);
    expect(await roleOf('othello')).toBe('moderator');

    const listed = await request(h.app)
      .get(`/api/v1/users/${ids.othello}`)
      .set(await h.headers('hamlet@zulip.com'));
    expect(listed.body.user).toMatchObject({ role: 300, is_admin: false, is_guest: false, is_owner: false });
    const me = await request(h.app)
      .get('/api/v1/users/me')
      .set(await h.headers('othello@zulip.com'));
    expect(me.body).toMatchObject({ role: 300, is_admin: false, is_guest: false });

    const all = await request(h.app)
      .get('/api/v1/user_groups')
      .set(await h.headers('hamlet@zulip.com'));
    const byName = new Map(
      (all.body.user_groups as { name: string; members: number[]; direct_subgroup_ids: number[] }[]).map((g) => [g.name, g]),
    );
    // Moderators are the group's direct members; administrators are in it through role:administrators.
    expect(byName.get('role:moderators')).toMatchObject({
      members: [ids.othello],
      direct_subgroup_ids: [groups.get('role:administrators')],
    });
    expect(byName.get('role:fullmembers')!.members).not.toContain(ids.othello);
    expect(byName.get('role:fullmembers')!.direct_subgroup_ids).toEqual([groups.get('role:moderators')]);
  });

  it("leaves a moderator one as 2.1's is_admin / is_guest see no change, and moves one they do change", async () => {
    // A 2.1 client saying "not an administrator, not a guest" changes nothing for a moderator.
    const unchanged = await eventsOf(h.db, async () => {
      expect(await patchUser('iago', ids.othello!, { is_admin: 'false', is_guest: 'false' })).toEqual(ok);
    });
    expect(unchanged).toEqual([]);
    expect(await roleOf('othello')).toBe('moderator');

    const promoted = await eventsOf(h.db, async () => {
      expect(await patchUser('iago', ids.othello!, { is_admin: 'true' })).toEqual(ok);
    });
    expect(promoted.map((n) => summary(n.event))).toEqual([
      { email: 'othello@zulip.com', user_id: ids.othello, is_admin: true },
      { user_id: ids.othello, role: 200 },
      { group_id: groups.get('role:moderators'), op: 'remove_members', user_ids: [ids.othello] },
      { group_id: groups.get('role:administrators'), op: 'add_members', user_ids: [ids.othello] },
    ]);

    // Back to moderator by role: 2.1's clients learn that he is no longer an administrator.
    const demoted = await eventsOf(h.db, async () => {
      expect(await patchUser('iago', ids.othello!, { role: '300', is_admin: 'true' })).toEqual(ok);
    });
    expect(demoted.map((n) => summary(n.event))).toEqual([
      { email: 'othello@zulip.com', user_id: ids.othello, is_admin: false },
      { user_id: ids.othello, role: 300 },
      { group_id: groups.get('role:administrators'), op: 'remove_members', user_ids: [ids.othello] },
      { group_id: groups.get('role:moderators'), op: 'add_members', user_ids: [ids.othello] },
    ]);
    expect(await roleOf('othello')).toBe('moderator');
  });

  it('takes the role away again: back to member, and the same role twice changes nothing', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect(await patchUser('iago', ids.othello!, { role: '400' })).toEqual(ok);
    });
    expect(notices.map((n) => summary(n.event))).toEqual([
      { user_id: ids.othello, role: 400 },
      { group_id: groups.get('role:moderators'), op: 'remove_members', user_ids: [ids.othello] },
      { group_id: groups.get('role:fullmembers'), op: 'add_members', user_ids: [ids.othello] },
    ]);
    expect(await eventsOf(h.db, () => patchUser('iago', ids.othello!, { role: '400' }))).toEqual([]);
    expect(await roleOf('othello')).toBe('member');
  });

  it('refuses members, moderators, owners, unknown roles and the last administrator, changing nothing', async () => {
    const notAdmin = { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' };
    expect(await patchUser('hamlet', ids.prospero!, { role: '300' })).toEqual(notAdmin);
    await h.db.knex('users').where({ id: ids.cordelia }).update({ role: 'moderator' });
    try {
      // A moderator does not change roles either, not even to make himself a member.
      expect(await patchUser('cordelia', ids.prospero!, { role: '300' })).toEqual(notAdmin);
      expect(await patchUser('cordelia', ids.cordelia!, { role: '400' })).toEqual(notAdmin);
    } finally {
      await h.db.knex('users').where({ id: ids.cordelia }).update({ role: 'member' });
    }
    // No user here is an owner, so nobody may give (or take) that role.
    expect(await patchUser('iago', ids.prospero!, { role: '100' })).toEqual({
      result: 'error',
      msg: 'Must be an organization owner',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect(await patchUser('iago', ids.prospero!, { role: '450' })).toEqual({ result: 'error', msg: 'Invalid role', code: 'BAD_REQUEST' });
    expect((await patchUser('iago', ids.prospero!, { role: 'moderator' })).result).toBe('error');
    // The realm keeps an administrator (with no owners here, the last one stands for Zulip's last owner).
    expect(await patchUser('iago', ids.iago!, { role: '300' })).toEqual({
      result: 'error',
      msg: 'Cannot remove the only organization administrator',
    });
    expect(await roleOf('prospero')).toBe('member');
    expect(await roleOf('iago')).toBe('admin');
  });

  describe('user_group_edit_policy 4: administrators and moderators', () => {
    const setPolicy = (settings: Record<string, number>) =>
      h.db
        .knex('realms')
        .where({ id: h.realmId })
        .update({ settings: JSON.stringify(settings) });
    beforeAll(async () => {
      await h.db.knex('users').where({ id: ids.cordelia }).update({ role: 'moderator' });
      await setPolicy({ user_group_edit_policy: 4 });
    });
    afterAll(async () => {
      await h.db.knex('users').where({ id: ids.cordelia }).update({ role: 'member' });
      await setPolicy({});
    });

    const createGroup = async (who: string, name: string) =>
      (
        await request(h.app)
          .post('/api/v1/user_groups/create')
          .set(await h.headers(`${who}@zulip.com`))
          .type('form')
          .send({ name, description: 'd', members: JSON.stringify([ids.hamlet]) })
      ).body;

    it('lets a moderator and an administrator create groups, and refuses a member', async () => {
      expect(await createGroup('cordelia', 'moderated')).toEqual(ok);
      expect(await createGroup('iago', 'administered')).toEqual(ok);
      expect(await createGroup('hamlet', 'refused')).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    });

    it('lets a moderator change a group he is not in, as Zulip lets moderators administer any group', async () => {
      const id = (await h.db.knex('user_groups').where({ realm_id: h.realmId, name: 'administered' }).first('id')).id as number;
      const res = await request(h.app)
        .patch(`/api/v1/user_groups/${id}`)
        .set(await h.headers('cordelia@zulip.com'))
        .type('form')
        .send({ description: 'moderated too' });
      expect(res.body).toEqual(ok);
    });
  });

  it('takes the moderators-only value (4) of the common policies in PATCH /realm, not 5', async () => {
    const patch = async (form: Record<string, string>) =>
      (
        await request(h.app)
          .patch('/api/v1/realm')
          .set(await h.headers('iago@zulip.com'))
          .type('form')
          .send(form)
      ).body;
    try {
      for (const key of ['create_stream_policy', 'invite_to_stream_policy', 'user_group_edit_policy']) {
        expect(await patch({ [key]: '4' })).toEqual({ ...ok, [key]: 4 });
        expect(await patch({ [key]: '5' })).toEqual({ result: 'error', msg: `Invalid ${key}`, code: 'BAD_REQUEST' });
      }
      const realm: { settings: Record<string, unknown> } = await h.db.knex('realms').where({ id: h.realmId }).first('settings');
      expect(realm.settings).toMatchObject({ create_stream_policy: 4, invite_to_stream_policy: 4, user_group_edit_policy: 4 });
    } finally {
      await h.db.knex('realms').where({ id: h.realmId }).update({ settings: '{}' });
    }
  });
});
