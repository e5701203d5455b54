import { eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

describe('POST /submessage', () => {
  let h: Harness;
  let id: number;
  beforeAll(async () => {
    h = await startHarness();
    id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'poll', content: '/poll Which castle?' });
  });
  afterAll(() => h.close());

  it('stores a submessage, tells everyone who has the message, and shows it in the message dict', async () => {
    const othello = await h.userId('othello@zulip.com');
    const content = JSON.stringify({ type: 'vote', key: 'canned,1', vote: 1 });
    const notices = await h.noticesOf(async () => {
      expect((await h.post('othello@zulip.com', '/submessage', { message_id: id, msg_type: 'widget', content })).body).toEqual({ result: 'success', msg: '' });
    });
    const [event] = eventsOf(notices);
    const row = await h.db.knex('submessages').where({ message_id: id, sender_id: othello }).first();
    expect(event).toEqual({ type: 'submessage', message_id: id, submessage_id: row.id, sender_id: othello, msg_type: 'widget', content, id: 0 });
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
    await h.post('iago@zulip.com', '/submessage', { message_id: id, msg_type: 'widget', content: '{"type":"vote","key":"canned,1","vote":-1}' });
    const single = await h.get('hamlet@zulip.com', `/messages/${id}`);
    expect((single.body.message.submessages as { sender_id: number }[]).map((s) => s.sender_id)).toEqual([
      await h.userId('hamlet@zulip.com'),
      await h.userId('othello@zulip.com'),
      await h.userId('iago@zulip.com'),
    ]);
  });

  it("answers 2.1's errors", async () => {
    const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: id, msg_type: 'widget', content: '{not json' })).body).toEqual(error('Invalid json for submessage'));
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'iago@zulip.com', content: 'x' });
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: pm, msg_type: 'widget', content: '{}' })).body).toEqual(error('Invalid message(s)'));
    expect((await h.post('othello@zulip.com', '/submessage', { message_id: 99999999, msg_type: 'widget', content: '{}' })).body).toEqual(error('Invalid message(s)'));
    const missing = await h.post('othello@zulip.com', '/submessage', { message_id: id, content: '{}' });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'msg_type' argument" });
    expect(await h.db.knex('submessages').whereNot({ message_id: id })).toEqual([]);
  });

  it('goes with its message when the message is deleted', async () => {
    await h.del('iago@zulip.com', `/messages/${id}`);
    expect(await h.db.knex('submessages').where({ message_id: id })).toEqual([]);
  });
});
