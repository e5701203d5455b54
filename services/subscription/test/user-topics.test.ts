import { ofType, startHarness, type Harness } from './helpers';

describe('POST /user_topics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const set = (form: Record<string, unknown>, email = 'hamlet@zulip.com') => h.as(email).post('/user_topics', form);
  const policies = async () =>
    (
      await h.db
        .knex('muted_topics')
        .where({ user_id: await h.userId('hamlet@zulip.com') })
        .orderBy('id')
    ).map((r: { topic_name: string; visibility_policy: number }) => [r.topic_name, r.visibility_policy]);

  it('follows a topic: a user_topic event with its policy and time, and the (unchanged) muted-topics list', async () => {
    const denmark = await h.streamId('Denmark');
    const mark = await h.mark();
    const before = Math.floor(Date.now() / 1000);
    const res = await set({ stream_id: denmark, topic: 'castle', visibility_policy: 3 });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const events = await h.events(mark);
    const [userTopic] = ofType(events, 'user_topic');
    expect(userTopic!.event).toEqual({
      type: 'user_topic',
      stream_id: denmark,
      topic_name: 'castle',
      last_updated: expect.any(Number),
      visibility_policy: 3,
    });
    expect(userTopic!.event.last_updated).toBeGreaterThanOrEqual(before);
    expect(userTopic!.userIds).toEqual([await h.userId('hamlet@zulip.com')]);
    expect(ofType(events, 'muted_topics')[0]!.event.muted_topics).toEqual([]);
    expect(await policies()).toEqual([['castle', 3]]);
  });

  it('changes the policy in place whatever the case, and a mute shows in the muted-topics list', async () => {
    const mark = await h.mark();
    const before = Math.floor(Date.now() / 1000);
    await set({ stream_id: await h.streamId('Denmark'), topic: 'CASTLE', visibility_policy: 1 });
    // The time is that of the change to muted, not of the earlier follow.
    const [row] = await h.db
      .knex('muted_topics')
      .where({ user_id: await h.userId('hamlet@zulip.com') })
      .select('date_muted');
    const when = Math.floor(new Date(row.date_muted).getTime() / 1000);
    expect(when).toBeGreaterThanOrEqual(before);
    expect(ofType(await h.events(mark), 'muted_topics')[0]!.event.muted_topics).toEqual([['Denmark', 'castle', when]]);
    expect(await policies()).toEqual([['castle', 1]]);
    const again = await h
      .as('hamlet@zulip.com')
      .patch('/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: 'castle', op: 'add' });
    expect(again.body).toEqual({ result: 'error', msg: 'Topic already muted' });
  });

  it('sends nothing when the policy is already set, or when clearing a topic with none', async () => {
    const denmark = await h.streamId('Denmark');
    const mark = await h.mark();
    expect((await set({ stream_id: denmark, topic: 'castle', visibility_policy: 1 })).body).toEqual({ result: 'success', msg: '' });
    expect((await set({ stream_id: denmark, topic: 'nothing here', visibility_policy: 0 })).body).toEqual({ result: 'success', msg: '' });
    expect(await h.events(mark)).toEqual([]);
  });

  it('clears a policy with 0; the older unmute only unmutes muted topics', async () => {
    const denmark = await h.streamId('Denmark');
    await set({ stream_id: denmark, topic: 'followed', visibility_policy: 3 });
    const unmute = await h
      .as('hamlet@zulip.com')
      .patch('/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: 'followed', op: 'remove' });
    expect(unmute.body).toEqual({ result: 'error', msg: 'Topic is not muted' });
    const mark = await h.mark();
    await set({ stream_id: denmark, topic: 'castle', visibility_policy: 0 });
    expect(ofType(await h.events(mark), 'user_topic')[0]!.event).toMatchObject({ topic_name: 'castle', visibility_policy: 0 });
    expect(await policies()).toEqual([['followed', 3]]);
  });

  it('needs access to the stream to set a policy, only its existence to clear one, and a known policy', async () => {
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'secret topics' }], invite_only: true });
    const secret = await h.streamId('secret topics');
    expect((await set({ stream_id: secret, topic: 't', visibility_policy: 1 })).body).toEqual({
      result: 'error',
      msg: 'Invalid stream id',
      code: 'BAD_REQUEST',
    });
    expect((await set({ stream_id: secret, topic: 't', visibility_policy: 0 })).body).toEqual({ result: 'success', msg: '' });
    expect((await set({ stream_id: 999999, topic: 't', visibility_policy: 0 })).body).toEqual({
      result: 'error',
      msg: 'Invalid stream id',
      code: 'BAD_REQUEST',
    });
    expect((await set({ stream_id: secret, topic: 't', visibility_policy: 4 })).body).toEqual({
      result: 'error',
      msg: 'Invalid visibility_policy',
      code: 'BAD_REQUEST',
    });
    expect((await set({ stream_id: secret, topic: 't' })).body).toEqual({
      result: 'error',
      msg: "Missing 'visibility_policy' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'visibility_policy',
    });
  });
});
