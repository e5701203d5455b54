import { eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

describe('POST /submessage', () => {
  let h: Harness;
  let id: number;
  beforeAll(async () => {
    h = await startHarness();
    id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'poll', content: '/poll Which castle?' });
  });
  afterAll(() => h.close());
  const countOf = async (where: Record<string, number>) =>
    Number(((await h.db.knex('submessages').where(where).count({ n: '*' })) as { n: string | number }[])[0]!.n);

  it('stores a submessage, tells everyone who has the message, and shows it in the message dict', async () => {
    const othello = await h.userId('othello@zulip.com');
    const content = JSON.stringify({ type: 'vote', key: 'canned,1', vote: 1 });
    const notices = await h.noticesOf(async () => {
      expect((await h.post('othello@zulip.com', '/submessage', { message_id: id, msg_type: 'widget', content })).body).toEqual({
        result: 'success',
        msg: '',
      });
    });
    const [event] = eventsOf(notices);
    const row = await h.db.knex('submessages').where({ message_id: id, sender_id: othello }).first();
    expect(event).toEqual({
      type: 'submessage',
      message_id: id,
      submessage_id: row.id,
      sender_id: othello,
      msg_type: 'widget',
      content,
      id: 0,
    });
    expectValidEvent(event!);
    const recipients = (await h.db.knex('user_messages').where({ message_id: id }).pluck('user_id')) as number[];
    expect(notices[0]).toMatchObject({ userIds: expect.arrayContaining(recipients) });
    expect((notices[0] as { userIds: number[] }).userIds).toHaveLength(recipients.length);

    const fetched = await h.get('hamlet@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 });
    // After the poll's own widget submessage, made when it was sent.
    expect(fetched.body.messages[0].submessages).toEqual([
      expect.objectContaining({ message_id: id, sender_id: await h.userId('hamlet@zulip.com'), msg_type: 'widget' }),
      { id: row.id, message_id: id, sender_id: othello, msg_type: 'widget', content },
    ]);
  });

  it('keeps submessages in the order they came', async () => {
    await h.post('iago@zulip.com', '/submessage', {
      message_id: id,
      msg_type: 'widget',
      content: '{"type":"vote","key":"canned,1","vote":-1}',
    });
    const single = await h.get('hamlet@zulip.com', `/messages/${id}`);
    expect((single.body.message.submessages as { sender_id: number }[]).map((s) => s.sender_id)).toEqual([
      await h.userId('hamlet@zulip.com'),
      await h.userId('othello@zulip.com'),
      await h.userId('iago@zulip.com'),
    ]);
  });

  it("answers 2.1's errors", async () => {
    const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: id, msg_type: 'widget', content: '{not json' })).body).toEqual(
      error('Invalid json for submessage'),
    );
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'iago@zulip.com', content: 'x' });
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: pm, msg_type: 'widget', content: '{}' })).body).toEqual(
      error('Invalid message(s)'),
    );
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: 99999999, msg_type: 'widget', content: '{}' })).body).toEqual(
      error('Invalid message(s)'),
    );
    const missing = await h.post('othello@zulip.com', '/submessage', { message_id: id, content: '{}' });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'msg_type' argument" });
    expect(await h.db.knex('submessages').whereNot({ message_id: id })).toEqual([]);
  });

  it("refuses another person's first submessage on a message", async () => {
    const plain = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'plain', content: 'no widget here' });
    const content = '{"type":"vote","key":"canned,1","vote":1}';
    const refused = await h.post('othello@zulip.com', '/submessage', { message_id: plain, msg_type: 'widget', content });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ result: 'error', msg: 'You cannot attach a submessage to this message.', code: 'BAD_REQUEST' });
    // Once the sender has attached one, readers may follow.
    expect(
      (await h.post('hamlet@zulip.com', '/submessage', { message_id: plain, msg_type: 'widget', content: '{"any":"thing"}' })).status,
    ).toBe(200);
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: plain, msg_type: 'widget', content })).status).toBe(200);
  });

  it("checks a poll's changes as Zulip does", async () => {
    const poll = await sendOk(h, 'hamlet@zulip.com', {
      type: 'stream',
      to: 'Denmark',
      topic: 'poll',
      content: '/poll Tea or coffee?\nTea\nCoffee',
    });
    const attach = (email: string, data: unknown) =>
      h.post(email, '/submessage', { message_id: poll, msg_type: 'widget', content: JSON.stringify(data) });
    const refusals: [string, unknown, string][] = [
      ['othello@zulip.com', { type: 'vote', key: 'canned,0', vote: 1, extra: 'x'.repeat(100) }, 'Unexpected arguments: extra'],
      ['othello@zulip.com', { type: 'vote', key: 'canned,0', vote: 5 }, 'Invalid poll data["vote"]'],
      ['othello@zulip.com', { type: 'question', question: 'Hijacked?' }, "You can't edit a question unless you are the author."],
      ['othello@zulip.com', { type: 'new_option', option: 'Milk', idx: 100000 }, 'poll data["idx"] is too large'],
      ['othello@zulip.com', { type: 'dance' }, 'Unknown type for poll data: dance'],
      ['othello@zulip.com', ['vote'], 'poll data is not a dict'],
    ];
    for (const [email, data, msg] of refusals) {
      expect((await attach(email, data)).body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    }
    expect((await attach('hamlet@zulip.com', { type: 'question', question: 'Tea, coffee or milk?' })).status).toBe(200);
    expect((await attach('othello@zulip.com', { type: 'new_option', option: 'Milk', idx: 1 })).status).toBe(200);
    expect((await attach('othello@zulip.com', { type: 'vote', key: 'canned,0', vote: -1 })).status).toBe(200);
    expect(await countOf({ message_id: poll })).toBe(4);
  });

  it("checks a to-do list's changes", async () => {
    const todo = await sendOk(h, 'hamlet@zulip.com', {
      type: 'stream',
      to: 'Denmark',
      topic: 'todo',
      content: '/todo Chores\nSweep: the hall',
    });
    const attach = (email: string, data: unknown) =>
      h.post(email, '/submessage', { message_id: todo, msg_type: 'widget', content: JSON.stringify(data) });
    expect((await attach('othello@zulip.com', { type: 'new_task_list_title', title: 'Mine' })).body.msg).toBe(
      "You can't edit the task list title unless you are the author.",
    );
    expect((await attach('othello@zulip.com', { type: 'new_task', key: 1, task: 'Dust', desc: '', completed: 'no' })).body.msg).toBe(
      'todo data["completed"] is not a boolean',
    );
    expect((await attach('othello@zulip.com', { type: 'new_task', key: 1, task: 'Dust', desc: '', completed: false })).status).toBe(200);
    expect((await attach('othello@zulip.com', { type: 'strike', key: '1,canned' })).status).toBe(200);
  });

  it('holds a submessage to 10,000 characters and a sender to 100 on a message', async () => {
    const own = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'sizes', content: 'data carrier' });
    const long = JSON.stringify({ pad: 'x'.repeat(10000) });
    const tooLong = await h.post('hamlet@zulip.com', '/submessage', { message_id: own, msg_type: 'widget', content: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ result: 'error', msg: 'content is too long (limit: 10000 characters)', code: 'BAD_REQUEST' });
    const hamletId = await h.userId('hamlet@zulip.com');
    const rows = Array.from({ length: 100 }, (_v, i) => ({
      message_id: own,
      sender_id: hamletId,
      msg_type: 'widget',
      content: `{"n":${i}}`,
    }));
    await h.db.knex('submessages').insert(rows);
    const over = await h.post('hamlet@zulip.com', '/submessage', { message_id: own, msg_type: 'widget', content: '{"n":100}' });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('You cannot attach more than 100 submessages to a message.');
    expect(await countOf({ message_id: own, sender_id: hamletId })).toBe(100);
    // Another reader still has their own allowance.
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: own, msg_type: 'widget', content: '{"n":0}' })).status).toBe(
      200,
    );
  });

  it('goes with its message when the message is deleted', async () => {
    await h.del('iago@zulip.com', `/messages/${id}`);
    expect(await h.db.knex('submessages').where({ message_id: id })).toEqual([]);
  });
});
