import { ofType, startHarness, type Harness } from './helpers';

describe('DELETE /users/me/subscriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('removes the caller (subscribed -> not subscribed: removed) and tells peers', async () => {
    const hamlet = await h.userId('hamlet@zulip.com');
    const mark = await h.mark();
    const res = await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['Denmark'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', removed: ['Denmark'], not_removed: [] });
    const events = await h.events(mark);
    const [remove] = ofType(events, 'subscription', 'remove');
    expect(remove!.userIds).toEqual([hamlet]);
    expect(remove!.event).toEqual({
      type: 'subscription',
      op: 'remove',
      subscriptions: [{ name: 'Denmark', stream_id: await h.streamId('Denmark') }],
    });
    const [peer] = ofType(events, 'subscription', 'peer_remove');
    expect(peer!.event).toEqual({ type: 'subscription', op: 'peer_remove', stream_ids: [await h.streamId('Denmark')], user_ids: [hamlet] });
    expect(peer!.userIds).not.toContain(hamlet);
    // Guests who are not in Denmark do not see its subscribers.
    expect(peer!.userIds).not.toContain(await h.userId('polonius@zulip.com'));
  });

  it('lists streams the user was not in under not_removed (not subscribed -> not subscribed)', async () => {
    const mark = await h.mark();
    const res = await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['Rome', 'Verona'] });
    expect(res.body).toEqual({ result: 'success', msg: '', removed: ['Verona'], not_removed: ['Rome'] });
    expect(ofType(await h.events(mark), 'subscription', 'remove')).toHaveLength(1);
  });

  it('answers a nonexistent stream with STREAM_DOES_NOT_EXIST and changes nothing', async () => {
    const mark = await h.mark();
    const res = await h.as('othello@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['Scotland', 'nonexistent_stream'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Stream 'nonexistent_stream' does not exist",
      code: 'STREAM_DOES_NOT_EXIST',
      stream: 'nonexistent_stream',
    });
    expect(await h.events(mark)).toEqual([]);
    const othello = await h.userId('othello@zulip.com');
    const sub = await h.db
      .knex('subscriptions')
      .where({ user_id: othello, stream_id: await h.streamId('Scotland') })
      .first();
    expect(sub.active).toBe(true);
  });

  it('needs administrative rights to remove someone else', async () => {
    const res = await h.as('othello@zulip.com').delete('/users/me/subscriptions', {
      subscriptions: ['Verona'],
      principals: ['cordelia@zulip.com'],
    });
    expect(res.body).toEqual({ result: 'error', msg: 'This action requires administrative rights' });
    const self = await h.as('othello@zulip.com').delete('/users/me/subscriptions', {
      subscriptions: ['Venice'],
      principals: ['othello@zulip.com'],
    });
    expect(self.body).toEqual({ result: 'success', msg: '', removed: [], not_removed: ['Venice'] });
    const admin = await h.as('iago@zulip.com').delete('/users/me/subscriptions', {
      subscriptions: ['Verona'],
      principals: ['cordelia@zulip.com'],
    });
    expect(admin.body).toEqual({ result: 'success', msg: '', removed: ['Verona'], not_removed: [] });
  });

  it('refuses an unknown principal', async () => {
    const res = await h
      .as('iago@zulip.com')
      .delete('/users/me/subscriptions', { subscriptions: ['Verona'], principals: ['ghost@zulip.com'] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', principal: 'ghost@zulip.com' });
  });

  it('sends vacate to everyone when a public stream loses its last subscriber', async () => {
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'short lived' }] });
    const mark = await h.mark();
    await h.as('iago@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['short lived'] });
    const [vacate] = ofType(await h.events(mark), 'stream', 'vacate');
    expect(vacate!.event.streams).toEqual([expect.objectContaining({ name: 'short lived' })]);
    const active = await h.db.knex('users').where({ is_active: true }).count({ n: '*' }).first();
    expect(vacate!.userIds).toHaveLength(Number((active as { n: number }).n));
  });

  it('archives a private stream left without subscribers', async () => {
    await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'hideout' }], invite_only: true });
    const id = await h.streamId('hideout');
    const mark = await h.mark();
    await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['hideout'] });
    const events = await h.events(mark);
    expect(ofType(events, 'stream', 'vacate')).toEqual([]);
    const [deleted] = ofType(events, 'stream', 'delete');
    expect(deleted!.event.streams).toEqual([expect.objectContaining({ name: 'hideout', invite_only: true, stream_id: id })]);
    expect(deleted!.userIds).toEqual([await h.userId('iago@zulip.com')]);
    expect(await h.db.knex('streams').where({ id }).first()).toMatchObject({ deactivated: true, name: 'hideout', invite_only: true });
  });

  it('validates its parameters', async () => {
    const missing = await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', {});
    expect(missing.body).toEqual({
      result: 'error',
      msg: "Missing 'subscriptions' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'subscriptions',
    });
    const notList = await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: '"Verona"' });
    expect(notList.body).toEqual({ result: 'error', msg: 'subscriptions is not a list', code: 'BAD_REQUEST' });
  });
});
