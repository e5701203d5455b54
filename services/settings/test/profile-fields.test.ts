import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('custom profile fields', () => {
  let h: Harness;
  let phone = 0;
  let bio = 0;
  let team = 0;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const as = async (who: string) => h.headers(`${who}@zulip.com`);
  const err = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const create = async (body: Record<string, string>, who = 'iago') =>
    (
      await request(h.app)
        .post('/api/v1/realm/profile_fields')
        .set(await as(who))
        .type('form')
        .send(body)
    ).body;
  const setData = async (data: unknown, who = 'hamlet') =>
    (
      await request(h.app)
        .patch('/api/v1/users/me/profile_data')
        .set(await as(who))
        .type('form')
        .send({ data: JSON.stringify(data) })
    ).body;

  it('starts with no fields', async () => {
    expect(
      (
        await request(h.app)
          .get('/api/v1/realm/profile_fields')
          .set(await as('hamlet'))
      ).body,
    ).toEqual({ result: 'success', msg: '', custom_fields: [] });
  });

  it('administrators create fields; a custom_profile_fields event lists them all', async () => {
    const notices = await eventsOf(h.db, async () => {
      const res = await create({ name: 'Phone number', hint: 'Or your fax', field_type: '1' });
      expect(res).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
      phone = res.id;
    });
    expect(notices.map((n) => n.event)).toEqual([
      {
        type: 'custom_profile_fields',
        op: 'add',
        fields: [{ id: phone, name: 'Phone number', type: 1, hint: 'Or your fax', field_data: '', order: phone }],
      },
    ]);
    bio = (await create({ name: 'Biography', field_type: '2' })).id;
    team = (
      await create({
        name: 'Team',
        field_type: '3',
        field_data: JSON.stringify({ 0: { text: 'Red', order: '1' }, 1: { text: 'Blue', order: '2' } }),
      })
    ).id;
    const list = await request(h.app)
      .get('/api/v1/realm/profile_fields')
      .set(await as('hamlet'));
    expect(list.body.custom_fields.map((f: { name: string }) => f.name)).toEqual(['Phone number', 'Biography', 'Team']);
  });

  it('refuses bad fields and non-administrators', async () => {
    expect(await create({ name: 'Phone number', field_type: '1' })).toEqual(err('A field with that label already exists.'));
    expect(await create({ name: ' ', field_type: '1' })).toEqual(err('Label cannot be blank.'));
    expect(await create({ name: 'x', field_type: '99' })).toEqual(err('Invalid field type.'));
    expect(await create({ name: 'Choice', field_type: '3' })).toEqual(err('Field must have at least one choice.'));
    expect(await create({ name: 'x'.repeat(41), field_type: '1' })).toEqual(err('name is too long (limit: 40 characters)'));
    expect(await create({ name: 'Nope', field_type: '1' }, 'hamlet')).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
  });

  it("sets a user's values with realm_user update events; profile_data shows them", async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      expect(
        await setData([
          { id: phone, value: '555-1234' },
          { id: bio, value: 'Prince <of> Denmark' },
          { id: team, value: '1' },
        ]),
      ).toEqual({ result: 'success', msg: '' });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: hamlet.id, custom_profile_field: { id: phone, value: '555-1234' } } },
      {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: hamlet.id,
          custom_profile_field: { id: bio, value: 'Prince <of> Denmark', rendered_value: '<p>Prince &lt;of&gt; Denmark</p>' },
        },
      },
      { type: 'realm_user', op: 'update', person: { user_id: hamlet.id, custom_profile_field: { id: team, value: '1' } } },
    ]);
    const expected = {
      [String(phone)]: { value: '555-1234' },
      [String(bio)]: { value: 'Prince <of> Denmark', rendered_value: '<p>Prince &lt;of&gt; Denmark</p>' },
      [String(team)]: { value: '1' },
    };
    expect(
      (
        await request(h.app)
          .get('/api/v1/users/me')
          .set(await as('hamlet'))
      ).body.profile_data,
    ).toEqual(expected);
    const users = await request(h.app)
      .get('/api/v1/users')
      .query({ include_custom_profile_fields: 'true' })
      .set(await as('othello'));
    const members = users.body.members as { email: string; profile_data?: unknown }[];
    expect(members.find((m) => m.email === 'hamlet@zulip.com')!.profile_data).toEqual(expected);
    expect(members.find((m) => m.email === 'othello@zulip.com')!.profile_data).toEqual({});
    // The same values again change nothing and send nothing.
    expect(await eventsOf(h.db, () => setData([{ id: phone, value: '555-1234' }]))).toEqual([]);
  });

  it('refuses bad data', async () => {
    expect(await setData({})).toEqual(err('data is not a list'));
    expect(await setData([{ value: 'x' }])).toEqual(err('data[0] key is missing: id'));
    expect(await setData([{ id: phone }])).toEqual(err('data[0] key is missing: value'));
    expect(await setData([{ id: 99999, value: 'x' }])).toEqual(err('Field id 99999 not found.'));
    expect(await setData([{ id: phone, value: 5 }])).toEqual(err('Phone number is not a string'));
    expect(await setData([{ id: phone, value: 'x'.repeat(51) }])).toEqual(err('Phone number is too long (limit: 50 characters)'));
    expect(await setData([{ id: team, value: '7' }])).toEqual(err("'7' is not a valid choice for 'Team'."));
    const res = await request(h.app)
      .patch('/api/v1/users/me/profile_data')
      .set(await as('hamlet'))
      .type('form')
      .send({ data: '[' });
    expect(res.body).toEqual(err('Argument "data" is not valid JSON.'));
  });

  it('administrators delete a field (its values go with it)', async () => {
    const del = async (id: number, who = 'iago') =>
      (
        await request(h.app)
          .delete(`/api/v1/realm/profile_fields/${id}`)
          .set(await as(who))
      ).body;
    expect((await del(phone, 'hamlet')).msg).toBe('Must be an organization administrator');
    const notices = await eventsOf(h.db, async () => {
      expect(await del(phone)).toEqual({ result: 'success', msg: '' });
    });
    expect((notices[0]!.event.fields as { id: number }[]).map((f) => f.id)).toEqual([bio, team]);
    expect(await del(phone)).toEqual(err(`Field id ${phone} not found.`));
    const me = await request(h.app)
      .get('/api/v1/users/me')
      .set(await as('hamlet'));
    expect(Object.keys(me.body.profile_data)).toEqual([String(bio), String(team)]);
  });
});
