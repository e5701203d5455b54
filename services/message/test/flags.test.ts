import { eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

describe('POST /messages/flags and mark-as-read', () => {
  let h: Harness;
  let a: number;
  let b: number;
  beforeAll(async () => {
    h = await startHarness();
    a = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 't', content: 'one' });
    b = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'u', content: 'two' });
  });
  afterAll(() => h.close());

  const flagsOf = async (email: string, id: number) =>
    (await h.get(email, '/messages', { anchor: id, num_before: 0, num_after: 0 })).body.messages[0]?.flags;

  it('adds and removes a flag, answers with the ids and tells only the caller', async () => {
    const othello = await h.userId('othello@zulip.com');
    const notices = await h.noticesOf(async () => {
      const res = await h.post('othello@zulip.com', '/messages/flags', { messages: [a, b], op: 'add', flag: 'read' });
      expect(res.body).toEqual({ result: 'success', msg: '', messages: [a, b] });
    });
    expect(notices).toEqual([
      {
        v: 2,
        kind: 'event',
        realmId: h.realmId,
        event: { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [a, b], all: false },
        userIds: [othello],
      },
    ]);
    eventsOf(notices).forEach(expectValidEvent);
    expect(await flagsOf('othello@zulip.com', a)).toEqual(['read']);
    await h.post('othello@zulip.com', '/messages/flags', { messages: [a], op: 'remove', flag: 'read' });
    expect(await flagsOf('othello@zulip.com', a)).toEqual([]);
    await h.post('othello@zulip.com', '/messages/flags', { messages: [a], op: 'add', flag: 'starred' });
    await h.post('othello@zulip.com', '/messages/flags', { messages: [a], op: 'add', flag: 'collapsed' });
    expect(await flagsOf('othello@zulip.com', a)).toEqual(['starred', 'collapsed']);
  });

  it('the sender own API message stays unread (ZulipPython is not a human client)', async () => {
    expect(await flagsOf('hamlet@zulip.com', a)).toEqual([]);
  });

  it('stars a public-stream message one never received with a historical row', async () => {
    const res = await h.post('cordelia@zulip.com', '/messages/flags', { messages: [a], op: 'add', flag: 'starred' });
    expect(res.status).toBe(200);
    const cordelia = await h.userId('cordelia@zulip.com');
    const row = await h.db.knex('user_messages').where({ user_id: cordelia, message_id: a }).first();
    expect(row.flags).toBe(1 | 2 | 1024);
    const other = await h.post('cordelia@zulip.com', '/messages/flags', { messages: [b], op: 'add', flag: 'read' });
    expect(other.body).toEqual({ result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' });
  });

  it.each([
    [{ messages: [1], op: 'add', flag: 'invalid' }, "Invalid flag: 'invalid'"],
    [{ messages: [1], op: 'add', flag: 'is_private' }, "Invalid flag: 'is_private'"],
    [{ messages: [1], op: 'add', flag: 'active_mobile_push_notification' }, "Invalid flag: 'active_mobile_push_notification'"],
    [{ messages: [1], op: 'add', flag: 'mentioned' }, "Flag not editable: 'mentioned'"],
    [{ messages: [1], op: 'add', flag: 'historical' }, "Flag not editable: 'historical'"],
    [{ messages: [999999], op: 'add', flag: 'read' }, 'Invalid message(s)'],
    [{ messages: [999998, 999999], op: 'add', flag: 'starred' }, 'Invalid message(s)'],
    [{ messages: [999999], op: 'add', flag: 'starred' }, 'Invalid message(s)'],
    [{ messages: [1], op: 'toggle', flag: 'read' }, 'Invalid message flags operation'],
    [{ messages: 'x', op: 'add', flag: 'read' }, 'Argument "messages" is not valid JSON.'],
    [{ messages: '{}', op: 'add', flag: 'read' }, 'messages is not a list'],
    [{ messages: '["a"]', op: 'add', flag: 'read' }, 'messages[0] is not an integer'],
  ])('rejects %j with "%s"', async (form, msg) => {
    const res = await h.post('othello@zulip.com', '/messages/flags', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
  });

  it('requires each parameter', async () => {
    const res = await h.post('othello@zulip.com', '/messages/flags', { op: 'add', flag: 'read' });
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'messages' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'messages',
    });
  });

  it('a private message someone else received is not theirs to flag', async () => {
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'iago@zulip.com', content: 'x' });
    const res = await h.post('othello@zulip.com', '/messages/flags', { messages: [pm], op: 'add', flag: 'starred' });
    expect(res.body.msg).toBe('Invalid message(s)');
  });

  it('marks a topic, a stream, and everything as read', async () => {
    const iago = await h.userId('iago@zulip.com');
    const denmark = await h.db.knex('streams').where({ name: 'Denmark' }).first('id');
    const topic = await h.noticesOf(() => h.post('iago@zulip.com', '/mark_topic_as_read', { stream_id: denmark.id, topic_name: 'T' }));
    expect(topic).toMatchObject([
      { event: { type: 'update_message_flags', operation: 'add', flag: 'read', messages: [a], all: false }, userIds: [iago] },
    ]);
    const stream = await h.noticesOf(() => h.post('iago@zulip.com', '/mark_stream_as_read', { stream_id: denmark.id }));
    expect(stream).toMatchObject([{ event: { messages: [b], all: false } }]);
    const all = await h.noticesOf(async () => {
      expect((await h.post('iago@zulip.com', '/mark_all_as_read')).body).toEqual({ result: 'success', msg: '' });
    });
    expect(all).toMatchObject([{ event: { type: 'update_message_flags', operation: 'add', flag: 'read', messages: [], all: true } }]);
    [...topic, ...stream, ...all].forEach((n) => eventsOf([n]).forEach(expectValidEvent));
    expect(await h.db.knex('user_messages').where({ user_id: iago }).whereRaw('(flags & 1) = 0').count({ n: '*' }).first()).toEqual({
      n: 0,
    });
    const noTopic = await h.post('iago@zulip.com', '/mark_topic_as_read', { stream_id: denmark.id, topic_name: 'nope' });
    expect(noTopic.body).toEqual({ result: 'error', msg: "No such topic 'nope'", code: 'BAD_REQUEST' });
    const noStream = await h.post('iago@zulip.com', '/mark_stream_as_read', { stream_id: 99999 });
    expect(noStream.body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
  });
});
