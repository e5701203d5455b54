import { expectValidEvent, ofType, startHarness, type Harness } from './helpers';

const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', msg, code });
const plain = (msg: string) => ({ result: 'error', msg });
const OK = { result: 'success', msg: '' };

describe('default stream groups', () => {
  let h: Harness;
  let groupId: number;
  beforeAll(async () => {
    h = await startHarness();
    for (const name of ['group one', 'group two', 'group three'])
      await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name }] });
  });
  afterAll(() => h.close());
  const iago = () => h.as('iago@zulip.com');
  const groupNames = async () =>
    (await h.db.knex('default_stream_groups').where({ realm_id: h.realmId }).orderBy('name').pluck('name')) as string[];

  it('are for administrators', async () => {
    const res = await h
      .as('hamlet@zulip.com')
      .post('/default_stream_groups/create', { group_name: 'g', description: 'd', stream_names: ['Denmark'] });
    expect(res.body).toEqual(error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'));
    expect(await groupNames()).toEqual([]);
  });

  it('are created with their streams, and the whole list goes to active non-guests', async () => {
    const mark = await h.mark();
    const res = await iago().post('/default_stream_groups/create', {
      group_name: 'Newcomers',
      description: 'Start here',
      stream_names: ['group one', 'Denmark'],
    });
    expect(res.body).toEqual(OK);
    const [notice] = ofType(await h.events(mark), 'default_stream_groups');
    groupId = (notice!.event.default_stream_groups as { id: number }[])[0]!.id;
    expect(notice!.event.default_stream_groups).toEqual([
      {
        id: groupId,
        name: 'Newcomers',
        description: 'Start here',
        streams: [expect.objectContaining({ name: 'Denmark' }), expect.objectContaining({ name: 'group one' })],
      },
    ]);
    expectValidEvent(notice!.event);
    expect(notice!.userIds).toContain(await h.userId('hamlet@zulip.com'));
    expect(notice!.userIds).not.toContain(await h.userId('polonius@zulip.com'));
  });

  it("answers 2.1's errors on create", async () => {
    const create = (form: Record<string, unknown>) =>
      iago().post('/default_stream_groups/create', { description: 'd', stream_names: [], ...form });
    expect((await create({ group_name: 'Newcomers' })).body).toEqual(error("Default stream group 'Newcomers' already exists"));
    expect((await create({ group_name: ' ' })).body).toEqual(error("Invalid default stream group name ' '"));
    expect((await create({ group_name: 'x'.repeat(61) })).body).toEqual(error('Default stream group name too long (limit: 60 characters)'));
    expect((await create({ group_name: 'g', stream_names: ['Verona'] })).body).toEqual(
      error("'Verona' is a default stream and cannot be added to 'g'"),
    );
    expect((await create({ group_name: 'g', stream_names: ['no such stream'] })).body).toEqual(
      error("Invalid stream name 'no such stream'"),
    );
    expect((await create({ group_name: 'g', stream_names: 'Denmark' })).status).toBe(400);
    expect(await groupNames()).toEqual(['Newcomers']);
  });

  it('add and remove streams, with their errors', async () => {
    const streams = (form: Record<string, unknown>, id = groupId) => iago().patch(`/default_stream_groups/${id}/streams`, form);
    expect((await streams({ op: 'add', stream_names: ['group two', 'group three'] })).body).toEqual(OK);
    expect((await streams({ op: 'add', stream_names: ['group two'] })).body).toEqual(
      error("Stream 'group two' is already present in default stream group 'Newcomers'"),
    );
    expect((await streams({ op: 'add', stream_names: ['Verona'] })).body).toEqual(
      error("'Verona' is a default stream and cannot be added to 'Newcomers'"),
    );
    expect((await streams({ op: 'remove', stream_names: ['group three'] })).body).toEqual(OK);
    expect((await streams({ op: 'remove', stream_names: ['group three'] })).body).toEqual(
      error("Stream 'group three' is not present in default stream group 'Newcomers'"),
    );
    expect((await streams({ op: 'swap', stream_names: ['group three'] })).body).toEqual(
      plain('Invalid value for "op". Specify one of "add" or "remove".'),
    );
    expect((await streams({ op: 'add', stream_names: ['group three'] }, 12345)).body).toEqual(
      error("Default stream group with id '12345' does not exist."),
    );
    expect((await streams({ stream_names: ['group three'] })).body).toMatchObject({ msg: "Missing 'op' argument" });
    const members = await h.db
      .knex('default_stream_group_streams as g')
      .join('streams as s', 's.id', 'g.stream_id')
      .where({ group_id: groupId })
      .orderBy('s.name')
      .pluck('s.name');
    expect(members).toEqual(['Denmark', 'group one', 'group two']);
  });

  it('are renamed and described, with their errors', async () => {
    const update = (form: Record<string, unknown>, id = groupId) => iago().patch(`/default_stream_groups/${id}`, form);
    await iago().post('/default_stream_groups/create', { group_name: 'Other', description: '', stream_names: [] });
    expect((await update({})).body).toEqual(plain('You must pass "new_description" or "new_group_name".'));
    expect((await update({ new_group_name: JSON.stringify('Other') })).body).toEqual(error("Default stream group 'Other' already exists"));
    expect((await update({ new_group_name: 'Newcomers' })).body).toEqual(error("This default stream group is already named 'Newcomers'"));
    expect((await update({ new_group_name: 'x'.repeat(5000) })).body).toEqual(
      error('Default stream group name too long (limit: 60 characters)'),
    );
    expect((await update({ new_description: 'x' }, 12345)).body).toEqual(error("Default stream group with id '12345' does not exist."));
    const mark = await h.mark();
    expect((await update({ new_group_name: JSON.stringify('Arrivals'), new_description: 'Welcome' })).body).toEqual(OK);
    const [notice] = ofType(await h.events(mark), 'default_stream_groups');
    expect((notice!.event.default_stream_groups as { name: string; description: string }[]).map((g) => [g.name, g.description])).toEqual([
      ['Arrivals', 'Welcome'],
      ['Other', ''],
    ]);
  });

  it('lose a stream when it is deactivated', async () => {
    const mark = await h.mark();
    await iago().delete(`/streams/${await h.streamId('group two')}`);
    const [notice] = ofType(await h.events(mark), 'default_stream_groups');
    const arrivals = (notice!.event.default_stream_groups as { name: string; streams: { name: string }[] }[]).find(
      (g) => g.name === 'Arrivals',
    )!;
    expect(arrivals.streams.map((s) => s.name)).toEqual(['Denmark', 'group one']);
    expectValidEvent(notice!.event);
  });

  it('are deleted', async () => {
    expect((await iago().delete(`/default_stream_groups/${groupId}`)).body).toEqual(OK);
    expect((await iago().delete(`/default_stream_groups/${groupId}`)).body).toEqual(
      error(`Default stream group with id '${groupId}' does not exist.`),
    );
    expect(await h.db.knex('default_stream_group_streams').where({ group_id: groupId })).toEqual([]);
    expect(await groupNames()).toEqual(['Other']);
  });
});
