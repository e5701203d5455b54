import { ofType, startHarness, type Harness } from './helpers';

describe('PATCH /users/me/subscriptions/muted_topics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const mute = (form: Record<string, unknown>, email = 'hamlet@zulip.com') =>
    h.as(email).patch('/users/me/subscriptions/muted_topics', form);
  /** When hamlet muted the topic, in seconds: the third item of a muted_topics entry. */
  const mutedAt = async (topic: string) => {
    const row: { date_muted: Date } = await h.db
      .knex('muted_topics')
      .where({ user_id: await h.userId('hamlet@zulip.com'), topic_name: topic })
      .first('date_muted');
    return Math.floor(new Date(row.date_muted).getTime() / 1000);
  };

  it('mutes by stream name (not muted -> muted) and sends the whole list to the user', async () => {
    const mark = await h.mark();
    const before = Math.floor(Date.now() / 1000);
    const res = await mute({ stream: 'Denmark', topic: 'boat party', op: 'add' });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const [notice] = ofType(await h.events(mark), 'muted_topics');
    const when = await mutedAt('boat party');
    expect(when).toBeGreaterThanOrEqual(before);
    expect(when).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(notice!.event).toEqual({ type: 'muted_topics', muted_topics: [['Denmark', 'boat party', when]] });
    expect(notice!.userIds).toEqual([await h.userId('hamlet@zulip.com')]);
  });

  it('answers "Topic already muted" without a code (muted -> muted), whatever the case', async () => {
    const mark = await h.mark();
    const res = await mute({ stream: 'Denmark', topic: 'Boat Party', op: 'add' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Topic already muted' });
    expect(await h.events(mark)).toEqual([]);
  });

  it('mutes by stream_id, and a topic without messages', async () => {
    const res = await mute({ stream_id: await h.streamId('Verona'), topic: 'dinner', op: 'add' });
    expect(res.status).toBe(200);
    const rows = await h.db
      .knex('muted_topics')
      .where({ user_id: await h.userId('hamlet@zulip.com') })
      .orderBy('id');
    expect(rows.map((r: { topic_name: string }) => r.topic_name)).toEqual(['boat party', 'dinner']);
  });

  it('unmutes (muted -> not muted), then answers "Topic is not muted" (not muted -> not muted)', async () => {
    const mark = await h.mark();
    const res = await mute({ stream_id: await h.streamId('Denmark'), topic: 'BOAT PARTY', op: 'remove' });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const [notice] = ofType(await h.events(mark), 'muted_topics');
    expect(notice!.event.muted_topics).toEqual([['Verona', 'dinner', await mutedAt('dinner')]]);
    const again = await mute({ stream: 'Denmark', topic: 'boat party', op: 'remove' });
    expect(again.body).toEqual({ result: 'error', msg: 'Topic is not muted' });
    const nowhere = await mute({ stream: 'Atlantis', topic: 'x', op: 'remove' });
    expect(nowhere.body).toEqual({ result: 'error', msg: 'Topic is not muted' });
  });

  it('needs access to the stream to mute, and hides private streams', async () => {
    await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'secret' }], invite_only: true });
    const hidden = await mute({ stream: 'secret', topic: 't', op: 'add' });
    expect(hidden.body).toEqual({ result: 'error', msg: "Invalid stream name 'secret'", code: 'BAD_REQUEST' });
    const missing = await mute({ stream: 'Atlantis', topic: 't', op: 'add' });
    expect(missing.body).toEqual({ result: 'error', msg: "Invalid stream name 'Atlantis'", code: 'BAD_REQUEST' });
    const byId = await mute({ stream_id: await h.streamId('secret'), topic: 't', op: 'add' });
    expect(byId.body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
    const guest = await mute({ stream: 'Denmark', topic: 't', op: 'add' }, 'polonius@zulip.com');
    expect(guest.body.msg).toBe("Invalid stream name 'Denmark'");
  });

  it.each([
    [
      { stream: 'Denmark', stream_id: 1, topic: 't', op: 'add' },
      { result: 'error', msg: "Please choose one: 'stream' or 'stream_id'." },
    ],
    [
      { topic: 't', op: 'add' },
      { result: 'error', msg: "Please choose one: 'stream' or 'stream_id'." },
    ],
    [
      { stream: 'Denmark', topic: 't', op: 'toggle' },
      { result: 'error', msg: 'Invalid op', code: 'BAD_REQUEST' },
    ],
    [
      { stream: 'Denmark', op: 'add' },
      { result: 'error', msg: "Missing 'topic' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'topic' },
    ],
    [
      { stream: 'Denmark', topic: 't' },
      { result: 'error', msg: "Missing 'op' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'op' },
    ],
    [{ stream_id: 'x', topic: 't', op: 'add' }, expect.objectContaining({ code: 'REQUEST_VARIABLE_INVALID', var_name: 'stream_id' })],
  ])('rejects %j', async (form, body) => {
    const res = await mute(form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(body);
  });
});
