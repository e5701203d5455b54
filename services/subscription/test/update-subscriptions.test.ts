import { expectValidEvent, ofType, startHarness, type Harness } from './helpers';

describe('PATCH /users/me/subscriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const subscribedNames = async (email: string) =>
    (await h.db
      .knex('subscriptions as x')
      .join('streams as s', 's.id', 'x.stream_id')
      .where({ 'x.user_id': await h.userId(email), 'x.active': true })
      .orderBy('s.name')
      .pluck('s.name')) as string[];

  it('subscribes and unsubscribes in one request, answering both halves', async () => {
    const before = await subscribedNames('hamlet@zulip.com');
    expect(before).toContain('Denmark');
    const res = await h
      .as('hamlet@zulip.com')
      .patch('/users/me/subscriptions', { add: [{ name: 'bulk new' }, { name: 'Verona' }], delete: ['Denmark'] });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { 'hamlet@zulip.com': ['bulk new'] },
      already_subscribed: { 'hamlet@zulip.com': ['Verona'] },
      removed: ['Denmark'],
      not_removed: [],
    });
    const after = await subscribedNames('hamlet@zulip.com');
    expect(after).toContain('bulk new');
    expect(after).not.toContain('Denmark');
  });

  it('passes principals to both halves', async () => {
    const res = await h
      .as('iago@zulip.com')
      .patch('/users/me/subscriptions', { add: [{ name: 'Denmark' }], principals: ['hamlet@zulip.com'] });
    expect(res.body).toMatchObject({ subscribed: { 'hamlet@zulip.com': ['Denmark'] }, removed: [], not_removed: [] });
  });

  it("answers 2.1's errors, and changes nothing when the delete half would fail", async () => {
    const res = await h.as('hamlet@zulip.com').patch('/users/me/subscriptions', {});
    expect(res.body).toEqual({ result: 'error', msg: 'Nothing to do. Specify at least one of "add" or "delete".' });
    const before = await subscribedNames('hamlet@zulip.com');
    const mark = await h.mark();
    const missing = await h
      .as('hamlet@zulip.com')
      .patch('/users/me/subscriptions', { add: [{ name: 'never made' }], delete: ['no such stream'] });
    expect(missing.body).toMatchObject({ result: 'error', msg: "Stream 'no such stream' does not exist", code: 'STREAM_DOES_NOT_EXIST' });
    const others = await h
      .as('hamlet@zulip.com')
      .patch('/users/me/subscriptions', { add: [{ name: 'never made' }], principals: ['othello@zulip.com'], delete: ['Verona'] });
    expect(others.body).toEqual({ result: 'error', msg: 'This action requires administrative rights' });
    expect(await subscribedNames('hamlet@zulip.com')).toEqual(before);
    expect(await h.db.knex('streams').where({ name: 'never made' }).first()).toBeUndefined();
    expect(await h.events(mark)).toEqual([]);
    const bad = await h.as('hamlet@zulip.com').patch('/users/me/subscriptions', { add: 'Verona' });
    expect(bad.status).toBe(400);
  });
});

describe('PATCH /users/me/subscriptions/{stream_id}', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('changes one property as POST /users/me/subscriptions/properties does', async () => {
    const denmark = await h.streamId('Denmark');
    const mark = await h.mark();
    const color = await h.as('hamlet@zulip.com').patch(`/users/me/subscriptions/${denmark}`, { property: 'color', value: '#aabbcc' });
    expect(color.body).toEqual({
      result: 'success',
      msg: '',
      subscription_data: [{ stream_id: denmark, property: 'color', value: '#aabbcc' }],
    });
    const pinned = await h.as('hamlet@zulip.com').patch(`/users/me/subscriptions/${denmark}`, { property: 'pin_to_top', value: true });
    expect(pinned.body.subscription_data).toEqual([{ stream_id: denmark, property: 'pin_to_top', value: true }]);
    const updates = ofType(await h.events(mark), 'subscription', 'update');
    expect(updates.map((u) => [u.event.property, u.event.value])).toEqual([
      ['color', '#aabbcc'],
      ['pin_to_top', true],
    ]);
    updates.forEach((u) => expectValidEvent(u.event));
    const sub = await h.db
      .knex('subscriptions')
      .where({ user_id: await h.userId('hamlet@zulip.com'), stream_id: denmark })
      .first();
    expect(sub).toMatchObject({ color: '#aabbcc', pin_to_top: true });
  });

  it('answers the list endpoint’s errors', async () => {
    const denmark = await h.streamId('Denmark');
    const patch = (id: number | string, form: Record<string, unknown>) =>
      h.as('hamlet@zulip.com').patch(`/users/me/subscriptions/${id}`, form);
    expect((await patch(denmark, { property: 'colour', value: 'x' })).body).toEqual({
      result: 'error',
      msg: 'Unknown subscription property: colour',
    });
    expect((await patch(denmark, { property: 'pin_to_top', value: 'bad' })).body).toEqual({
      result: 'error',
      msg: 'pin_to_top is not a boolean',
    });
    expect((await patch(denmark, { property: 'color', value: 'red' })).body).toEqual({
      result: 'error',
      msg: 'color is not a valid hex color code',
    });
    const verona = await h.streamId('Verona');
    await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['Verona'] });
    expect((await patch(verona, { property: 'color', value: '#000000' })).body).toEqual({
      result: 'error',
      msg: `Not subscribed to stream id ${verona}`,
    });
    expect((await patch(99999, { property: 'color', value: '#000000' })).body).toMatchObject({ msg: 'Invalid stream id' });
    expect((await patch(denmark, { property: 'color' })).body).toMatchObject({ msg: "Missing 'value' argument" });
  });

  it('leaves muted_topics to its own route', async () => {
    const res = await h.as('hamlet@zulip.com').patch('/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: 'x', op: 'add' });
    expect(res.body).toEqual({ result: 'success', msg: '' });
  });
});
