import { audiencesOf, createStream, eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';
import { anyOf } from '@chat/db';

describe('POST /messages/render', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('renders as a send would, mentions included', async () => {
    expect((await h.post('iago@zulip.com', '/messages/render', { content: '**foo**' })).body).toEqual({
      result: 'success',
      msg: '',
      rendered: '<p><strong>foo</strong></p>',
    });
    const res = await h.post('iago@zulip.com', '/messages/render', { content: 'hi @**King Hamlet**' });
    expect(res.body.rendered).toContain(`data-user-id="${await h.userId('hamlet@zulip.com')}"`);
  });

  it('needs content', async () => {
    const res = await h.post('iago@zulip.com', '/messages/render', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'content' argument", result: 'error', var_name: 'content' });
  });
});

describe('GET /messages/matches_narrow', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('gives the matching ids among those received, highlighted for a search', async () => {
    const a = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'castle <x>', content: 'a ghost appears' });
    const b = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'other', content: 'nothing here' });
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'ghost' });
    const plain = await h.get('othello@zulip.com', '/messages/matches_narrow', {
      msg_ids: [a, b, pm],
      narrow: [{ operator: 'stream', operand: 'Denmark' }],
    });
    expect(plain.body).toEqual({
      result: 'success',
      msg: '',
      messages: {
        [a]: { match_content: '<p>a ghost appears</p>', match_subject: 'castle &lt;x&gt;' },
        [b]: { match_content: '<p>nothing here</p>', match_subject: 'other' },
      },
    });
    const search = await h.get('othello@zulip.com', '/messages/matches_narrow', { msg_ids: [a, b, pm], narrow: [['search', 'ghost']] });
    expect(Object.keys(search.body.messages as object).sort()).toEqual([String(a), String(pm)].sort());
    expect(search.body.messages[a].match_content).toContain('<span class="highlight">ghost</span>');
    // Cordelia did not receive the private message.
    const other = await h.get('cordelia@zulip.com', '/messages/matches_narrow', { msg_ids: [pm], narrow: [] });
    expect(other.body.messages).toEqual({});
  });

  it("answers Zulip's errors for bad parameters", async () => {
    expect((await h.get('othello@zulip.com', '/messages/matches_narrow', { narrow: [] })).body).toEqual({
      result: 'error',
      msg: "Missing 'msg_ids' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'msg_ids',
    });
    expect((await h.get('othello@zulip.com', '/messages/matches_narrow', { msg_ids: [1] })).body).toMatchObject({
      msg: "Missing 'narrow' argument",
    });
    expect((await h.get('othello@zulip.com', '/messages/matches_narrow', { msg_ids: '["x"]', narrow: [] })).body.msg).toBe(
      'msg_ids[0] is not an integer',
    );
    const bad = await h.get('othello@zulip.com', '/messages/matches_narrow', { msg_ids: [1], narrow: [['nope', 'x']] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ result: 'error', code: 'BAD_NARROW' });
  });
});

describe('POST /streams/{stream_id}/delete_topic', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("removes the topic's messages, each with a delete_message event to those who had it", async () => {
    const stream = await createStream(h, 'topics', { subscribers: ['iago@zulip.com', 'hamlet@zulip.com'] });
    const ids = [
      await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'topics', topic: 'Old', content: 'one' }),
      await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'topics', topic: 'old', content: 'two' }),
    ];
    const kept = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'topics', topic: 'new', content: 'three' });
    const notices = await h.noticesOf(async () => {
      const res = await h.post('iago@zulip.com', `/streams/${stream.id}/delete_topic`, { topic_name: 'OLD' });
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    expect(await h.db.knex('messages').whereRaw(...anyOf('id', ids))).toEqual([]);
    expect(await h.db.knex('messages').where({ id: kept }).first()).toBeDefined();
    const events = eventsOf(notices);
    // Each deletion: the bulk event for bulk_message_deletion clients, then 2.1's event for the others.
    expect(events).toEqual([
      { type: 'delete_message', message_ids: [ids[0]], message_type: 'stream', stream_id: stream.id, topic: 'Old', id: 0 },
      {
        type: 'delete_message',
        sender: 'hamlet@zulip.com',
        sender_id: await h.userId('hamlet@zulip.com'),
        message_id: ids[0],
        message_type: 'stream',
        stream_id: stream.id,
        topic: 'Old',
        id: 0,
      },
      { type: 'delete_message', message_ids: [ids[1]], message_type: 'stream', stream_id: stream.id, topic: 'old', id: 0 },
      {
        type: 'delete_message',
        sender: 'iago@zulip.com',
        sender_id: await h.userId('iago@zulip.com'),
        message_id: ids[1],
        message_type: 'stream',
        stream_id: stream.id,
        topic: 'old',
        id: 0,
      },
    ]);
    const bulk = (declared: boolean) => ({ capability: 'bulk_message_deletion', declared });
    expect(audiencesOf(notices)).toEqual([bulk(true), bulk(false), bulk(true), bulk(false)]);
    events.forEach(expectValidEvent);
    expect(notices[0]).toMatchObject({
      userIds: expect.arrayContaining([await h.userId('hamlet@zulip.com'), await h.userId('iago@zulip.com')]),
    });
  });

  it('is for administrators, on streams they can reach', async () => {
    const denmark = (await h.db.knex('streams').where({ name: 'Denmark' }).first('id')) as { id: number };
    expect((await h.post('hamlet@zulip.com', `/streams/${denmark.id}/delete_topic`, { topic_name: 'x' })).body).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect((await h.post('iago@zulip.com', '/streams/999999/delete_topic', { topic_name: 'x' })).body).toEqual({
      result: 'error',
      msg: 'Invalid stream id',
      code: 'BAD_REQUEST',
    });
    const secret = await createStream(h, 'secret', { inviteOnly: true, subscribers: ['hamlet@zulip.com'] });
    expect((await h.post('iago@zulip.com', `/streams/${secret.id}/delete_topic`, { topic_name: 'x' })).body.msg).toBe('Invalid stream id');
    expect((await h.post('iago@zulip.com', `/streams/${denmark.id}/delete_topic`, {})).body.msg).toBe("Missing 'topic_name' argument");
    expect((await h.post('iago@zulip.com', '/streams/abc/delete_topic', { topic_name: 'x' })).status).toBe(404);
  });
});

describe('POST /typing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('tells every member of the conversation, the sender included', async () => {
    const hamlet = { user_id: await h.userId('hamlet@zulip.com'), email: 'hamlet@zulip.com' };
    const othello = { user_id: await h.userId('othello@zulip.com'), email: 'othello@zulip.com' };
    const notices = await h.noticesOf(async () => {
      expect((await h.post('hamlet@zulip.com', '/typing', { op: 'start', to: ['othello@zulip.com'] })).body).toEqual({
        result: 'success',
        msg: '',
      });
    });
    const [event] = eventsOf(notices);
    expect(event).toEqual({
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: hamlet,
      recipients: [hamlet, othello].sort((a, b) => a.user_id - b.user_id),
      id: 0,
    });
    expectValidEvent(event!);
    expect(notices[0]).toMatchObject({ userIds: expect.arrayContaining([hamlet.user_id, othello.user_id]) });

    const iago = await h.userId('iago@zulip.com');
    const huddle = await h.noticesOf(() => h.post('hamlet@zulip.com', '/typing', { op: 'stop', to: [othello.user_id, iago] }));
    const [stop] = eventsOf(huddle);
    expect(stop).toMatchObject({ op: 'stop', sender: hamlet });
    expect((stop as unknown as { recipients: unknown[] }).recipients).toHaveLength(3);
    expectValidEvent(stop!);
  });

  it("answers Zulip's errors", async () => {
    const err = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect((await h.post('hamlet@zulip.com', '/typing', { op: 'start' })).body).toEqual(err("Missing parameter: 'to' (recipient)"));
    expect((await h.post('hamlet@zulip.com', '/typing', { op: 'start', to: [] })).body).toEqual(err("Missing parameter: 'to' (recipient)"));
    expect((await h.post('hamlet@zulip.com', '/typing', { op: 'go', to: ['othello@zulip.com'] })).body).toEqual(
      err("Invalid 'op' value (should be start or stop)"),
    );
    expect((await h.post('hamlet@zulip.com', '/typing', { op: 'start', to: ['nobody@zulip.com'] })).body).toEqual(
      err("Invalid email 'nobody@zulip.com'"),
    );
    expect((await h.post('hamlet@zulip.com', '/typing', { to: ['othello@zulip.com'] })).body).toMatchObject({
      msg: "Missing 'op' argument",
    });
  });
});
