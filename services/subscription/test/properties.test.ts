import { ofType, startHarness, type Harness } from './helpers';

describe('POST /users/me/subscriptions/properties', () => {
  let h: Harness;
  let denmark: number;
  let verona: number;
  beforeAll(async () => {
    h = await startHarness();
    denmark = await h.streamId('Denmark');
    verona = await h.streamId('Verona');
  });
  afterAll(() => h.close());
  const set = (data: unknown, email = 'hamlet@zulip.com') =>
    h.as(email).post('/users/me/subscriptions/properties', { subscription_data: data });
  const sub = async (streamId: number) =>
    h.db
      .knex('subscriptions')
      .where({ user_id: await h.userId('hamlet@zulip.com'), stream_id: streamId })
      .first();

  it('changes each property, echoes subscription_data and sends one update per change', async () => {
    const data = [
      { stream_id: denmark, property: 'pin_to_top', value: true },
      { stream_id: verona, property: 'color', value: '#f00' },
      { stream_id: denmark, property: 'desktop_notifications', value: true },
      { stream_id: denmark, property: 'audible_notifications', value: false },
      { stream_id: denmark, property: 'push_notifications', value: true },
      { stream_id: denmark, property: 'email_notifications', value: false },
      { stream_id: denmark, property: 'wildcard_mentions_notify', value: true },
    ];
    const mark = await h.mark();
    const res = await set(data);
    expect(res.body).toEqual({ result: 'success', msg: '', subscription_data: data });
    expect(await sub(denmark)).toMatchObject({
      pin_to_top: true,
      desktop_notifications: true,
      audible_notifications: false,
      push_notifications: true,
      email_notifications: false,
      wildcard_mentions_notify: true,
    });
    expect((await sub(verona)).color).toBe('#f00');
    const updates = ofType(await h.events(mark), 'subscription', 'update');
    expect(updates).toHaveLength(7);
    const hamlet = await h.userId('hamlet@zulip.com');
    expect(updates.every((n) => n.userIds.length === 1 && n.userIds[0] === hamlet)).toBe(true);
    expect(updates[1]!.event).toEqual({
      type: 'subscription',
      op: 'update',
      email: 'hamlet@zulip.com',
      property: 'color',
      value: '#f00',
      stream_id: verona,
      name: 'Verona',
    });
  });

  it('stores is_muted and reports it as in_home_view with the opposite value; in_home_view is accepted too', async () => {
    const mark = await h.mark();
    await set([{ stream_id: denmark, property: 'is_muted', value: true }]);
    expect((await sub(denmark)).is_muted).toBe(true);
    const [update] = ofType(await h.events(mark), 'subscription', 'update');
    expect(update!.event).toMatchObject({ property: 'in_home_view', value: false });
    await set([{ stream_id: denmark, property: 'in_home_view', value: true }]);
    expect((await sub(denmark)).is_muted).toBe(false);
    const list = await h.as('hamlet@zulip.com').get('/users/me/subscriptions');
    expect(list.body.subscriptions.find((s: { name: string }) => s.name === 'Denmark')).toMatchObject({
      is_muted: false,
      in_home_view: true,
    });
  });

  it('sends nothing when the value does not change', async () => {
    await set([{ stream_id: denmark, property: 'pin_to_top', value: false }]);
    const mark = await h.mark();
    const res = await set([{ stream_id: denmark, property: 'pin_to_top', value: false }]);
    expect(res.status).toBe(200);
    expect(await h.events(mark)).toEqual([]);
  });

  it.each([
    [[{ stream_id: 1, property: 'sound', value: true }], 'Unknown subscription property: sound', undefined],
    [[{ stream_id: 1, property: 'pin_to_top', value: 'yes' }], 'pin_to_top is not a boolean', undefined],
    [[{ stream_id: 1, property: 'color', value: true }], 'color is not a string', undefined],
    [[{ stream_id: 1, property: 'color', value: 'red' }], 'color is not a valid hex color code', undefined],
    [[{ stream_id: 1, property: 'pin_to_top', value: 3 }], 'subscription_data[0]["value"] is not an allowed_type', 'BAD_REQUEST'],
    [[{ stream_id: '1', property: 'pin_to_top', value: true }], 'subscription_data[0]["stream_id"] is not an integer', 'BAD_REQUEST'],
    [[{ property: 'pin_to_top', value: true }], 'stream_id key is missing from subscription_data[0]', 'BAD_REQUEST'],
    ['nope', 'Argument "subscription_data" is not valid JSON.', 'BAD_REQUEST'],
  ])('rejects %j with "%s"', async (data, msg, code) => {
    const body =
      typeof data === 'string'
        ? data
        : JSON.stringify((data as { stream_id: unknown }[]).map((d) => (d.stream_id === 1 ? { ...d, stream_id: denmark } : d)));
    const res = await h.as('hamlet@zulip.com').post('/users/me/subscriptions/properties', { subscription_data: body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg, ...(code ? { code } : {}) });
  });

  it('refuses streams the user is not in, or may not see, and applies nothing of a failing batch', async () => {
    const notIn = await set([{ stream_id: await h.streamId('Rome'), property: 'pin_to_top', value: true }]);
    expect(notIn.body).toEqual({ result: 'error', msg: `Not subscribed to stream id ${await h.streamId('Rome')}` });
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'iago private' }], invite_only: true });
    const hidden = await set([{ stream_id: await h.streamId('iago private'), property: 'pin_to_top', value: true }]);
    expect(hidden.body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
    const mark = await h.mark();
    const batch = await set([
      { stream_id: denmark, property: 'pin_to_top', value: true },
      { stream_id: 99999, property: 'pin_to_top', value: true },
    ]);
    expect(batch.body.msg).toBe('Invalid stream id');
    expect((await sub(denmark)).pin_to_top).toBe(false);
    expect(await h.events(mark)).toEqual([]);
  });
});
