import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('user groups', () => {
  let h: Harness;
  let ids: Record<string, number>;
  beforeAll(async () => {
    h = await startSettings();
    ids = {};
    for (const name of ['hamlet', 'cordelia', 'othello', 'iago', 'aaron', 'prospero', 'polonius'])
      ids[name] = (await h.user(`${name}@zulip.com`)).id;
  });
  afterAll(() => h.close());

  const as = async (who: string) => h.headers(`${who}@zulip.com`);
  const groupId = async (name: string) => (await h.db.knex('user_groups').where({ realm_id: h.realmId, name }).first('id')).id as number;
  const err = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', msg, code });
  /**
   * The eight system groups the realm got when it was made, in the order they were made: each
   * role's users are direct members, and each group nests the one of the next role up.
   */
  const systemGroups = async () => {
    const memberIds: number[] = await h.db.knex('users').where({ realm_id: h.realmId, role: 'member' }).orderBy('id').pluck('id');
    const groups: [string, number[], string | null][] = [
      ['role:internet', [], 'role:everyone'],
      ['role:everyone', [ids.polonius!], 'role:members'],
      ['role:members', [], 'role:fullmembers'],
      ['role:fullmembers', memberIds, 'role:moderators'],
      ['role:moderators', [], 'role:administrators'],
      ['role:administrators', [ids.iago!], 'role:owners'],
      ['role:owners', [], null],
      ['role:nobody', [], null],
    ];
    return Promise.all(
      groups.map(async ([name, members, subgroup]) => ({
        id: await groupId(name),
        name,
        description: '',
        members,
        direct_subgroup_ids: subgroup === null ? [] : [await groupId(subgroup)],
        is_system_group: true,
      })),
    );
  };

  it('lists the system groups and the seeded hamletcharacters group', async () => {
    const res = await request(h.app)
      .get('/api/v1/user_groups')
      .set(await as('othello'));
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      user_groups: [
        ...(await systemGroups()),
        {
          id: await groupId('hamletcharacters'),
          name: 'hamletcharacters',
          description: 'Characters of Hamlet',
          members: [ids.cordelia, ids.hamlet].sort((a, b) => a! - b!),
          direct_subgroup_ids: [],
          is_system_group: false,
        },
      ],
    });
    const listed = (res.body.user_groups as { id: number }[]).map((g) => g.id);
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
  });

  it('creates a group with a user_group add event to the realm', async () => {
    const members = [ids.othello!, ids.aaron!];
    const notices = await eventsOf(h.db, async () => {
      const res = await request(h.app)
        .post('/api/v1/user_groups/create')
        .set(await as('othello'))
        .type('form')
        .send({ name: 'marketing', description: 'The marketing team', members: JSON.stringify(members) });
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    const id = await groupId('marketing');
    expect(notices.map((n) => n.event)).toEqual([
      {
        type: 'user_group',
        op: 'add',
        group: {
          id,
          name: 'marketing',
          description: 'The marketing team',
          members: [...members].sort((a, b) => a - b),
          direct_subgroup_ids: [],
          is_system_group: false,
        },
      },
    ]);
    expect(notices[0]!.userIds).toContain(ids.iago);
  });

  it('refuses bad creations', async () => {
    const create = async (body: Record<string, string>, who = 'othello') =>
      (
        await request(h.app)
          .post('/api/v1/user_groups/create')
          .set(await as(who))
          .type('form')
          .send(body)
      ).body;
    expect(await create({ name: 'marketing', description: 'x', members: '[]' })).toEqual(err("User group 'marketing' already exists."));
    expect(await create({ name: 'new', description: 'x', members: '[99999]' })).toEqual(err('Invalid user ID: 99999'));
    expect(await create({ name: 'new', description: 'x', members: '"a"' })).toEqual(err('members is not a list'));
    expect(await create({ name: 'new', description: 'x', members: '["a"]' })).toEqual(err('members[0] is not an integer'));
    expect(await create({ name: 'new', description: 'x', members: 'nope' })).toEqual(err('Argument "members" is not valid JSON.'));
    expect(await create({ name: 'new', description: 'x' })).toEqual({
      result: 'error',
      msg: "Missing 'members' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'members',
    });
    expect(await create({ name: 'new', description: 'x', members: '[]' }, 'polonius')).toEqual(err('Not allowed for guest users'));
  });

  it('updates name and description (members and administrators only)', async () => {
    const id = await groupId('marketing');
    const patch = async (body: Record<string, string>, who = 'othello', gid = id) =>
      (
        await request(h.app)
          .patch(`/api/v1/user_groups/${gid}`)
          .set(await as(who))
          .type('form')
          .send(body)
      ).body;
    const notices = await eventsOf(h.db, async () => {
      expect(await patch({ name: 'sales', description: 'The sales team' })).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'user_group', op: 'update', group_id: id, data: { name: 'sales' } },
      { type: 'user_group', op: 'update', group_id: id, data: { description: 'The sales team' } },
    ]);
    expect(await patch({})).toEqual(err('No new data supplied'));
    expect(await patch({ name: '', description: '' })).toEqual(err('No new data supplied'));
    expect(await patch({ name: 'hamletcharacters' })).toEqual(err("User group 'hamletcharacters' already exists."));
    expect(await patch({ name: 'x' }, 'prospero')).toEqual(
      err('Only group members and organization administrators can administer this group.'),
    );
    expect(await patch({ name: 'x' }, 'othello', 99999)).toEqual(err('Invalid user group'));
    expect(await patch({ description: 'Admins may' }, 'iago')).toEqual({ result: 'success', msg: '' });
  });

  it('adds and removes members', async () => {
    const id = await groupId('sales');
    const members = async (body: Record<string, string>, who = 'othello') =>
      (
        await request(h.app)
          .post(`/api/v1/user_groups/${id}/members`)
          .set(await as(who))
          .type('form')
          .send(body)
      ).body;
    const notices = await eventsOf(h.db, async () => {
      expect(await members({ add: JSON.stringify([ids.cordelia]), delete: JSON.stringify([ids.aaron]) })).toEqual({
        result: 'success',
        msg: '',
      });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [ids.cordelia] },
      { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [ids.aaron] },
    ]);
    expect(await members({})).toEqual(err("Nothing to do. Specify at least one of 'add' or 'delete'."));
    // Guests and bots are refused before their arguments are looked at.
    expect(await members({}, 'polonius')).toEqual(err('Not allowed for guest users'));
    expect(await members({ add: JSON.stringify([ids.cordelia]) })).toEqual(err(`User ${ids.cordelia} is already a member of this group`));
    expect(await members({ delete: JSON.stringify([ids.aaron]) })).toEqual(err(`There is no member '${ids.aaron}' in this user group`));
    expect(await members({ add: '[99999]' })).toEqual(err('Invalid user ID: 99999'));
    expect(await members({ add: JSON.stringify([ids.prospero]) }, 'prospero')).toEqual(
      err('Only group members and organization administrators can administer this group.'),
    );
  });

  it('only administrators edit groups when user_group_edit_policy is 2', async () => {
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify({ user_group_edit_policy: 2 }) });
    try {
      const res = await request(h.app)
        .patch(`/api/v1/user_groups/${await groupId('sales')}`)
        .set(await as('othello'))
        .type('form')
        .send({ name: 'x' });
      expect(res.body).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
    } finally {
      await h.db.knex('realms').where({ id: h.realmId }).update({ settings: '{}' });
    }
  });

  it('deletes a group with a user_group remove event', async () => {
    const id = await groupId('sales');
    expect(
      (
        await request(h.app)
          .delete(`/api/v1/user_groups/${id}`)
          .set(await as('prospero'))
      ).body,
    ).toEqual(err('Only group members and organization administrators can administer this group.'));
    const notices = await eventsOf(h.db, async () => {
      expect(
        (
          await request(h.app)
            .delete(`/api/v1/user_groups/${id}`)
            .set(await as('othello'))
        ).body,
      ).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => n.event)).toEqual([{ type: 'user_group', op: 'remove', group_id: id }]);
    expect(
      (
        await request(h.app)
          .delete(`/api/v1/user_groups/${id}`)
          .set(await as('othello'))
      ).body,
    ).toEqual(err('Invalid user group'));
  });
});
