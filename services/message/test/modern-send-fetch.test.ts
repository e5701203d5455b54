/**
 * The request vocabulary of current Zulip clients for sending, fetching and typing: message types
 * `channel` and `direct`, `to` as a stream id, anchor words and include_anchor, typing `type`.
 * The 2.1 forms beside them are covered by the older tests and must keep passing unchanged.
 */
import { audiencesOf, eventsOf, expectValidEvent, fetchIds, sendOk, startHarness, type Harness } from './helpers';

describe('modern send, fetch and typing vocabulary', () => {
  let h: Harness;
  const user = { hamlet: 0, othello: 0, iago: 0 };
  let denmark: number;

  beforeAll(async () => {
    h = await startHarness();
    for (const name of ['hamlet', 'othello', 'iago'] as const) user[name] = await h.userId(`${name}@zulip.com`);
    denmark = ((await h.db.knex('streams').where({ name: 'Denmark' }).first('id')) as { id: number }).id;
  });
  afterAll(() => h.close());

  const messageRow = (id: number) => h.db.knex('messages').where({ id }).first('stream_id', 'subject', 'recipient_id');
  const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  it('sends type=channel to a stream id (bare, JSON-listed) or name, to its subscribers', async () => {
    const subscribers = (await h.db.knex('subscriptions').where({ stream_id: denmark, active: true }).pluck('user_id')) as number[];
    const notices = await h.noticesOf(async () => {
      const bare = await sendOk(h, 'hamlet@zulip.com', { type: 'channel', to: String(denmark), topic: 'bare id', content: 'one' });
      expect(await messageRow(bare)).toMatchObject({ stream_id: denmark, subject: 'bare id' });
    });
    const [notice] = notices;
    expect(notice).toMatchObject({ kind: 'message', message: { type: 'stream', display_recipient: 'Denmark' } });
    expect((notice as { users: { id: number }[] }).users.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      [...subscribers].sort((a, b) => a - b),
    );
    const listed = await sendOk(h, 'hamlet@zulip.com', { type: 'channel', to: [denmark], topic: 'listed id', content: 'two' });
    const named = await sendOk(h, 'hamlet@zulip.com', { type: 'channel', to: 'Denmark', topic: 'name', content: 'three' });
    const legacy = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: denmark, topic: 'stream type', content: 'four' });
    for (const id of [listed, named, legacy]) expect(await messageRow(id)).toMatchObject({ stream_id: denmark });
  });

  it('sends type=direct to user ids or e-mails, as type=private', async () => {
    const notices = await h.noticesOf(async () => {
      await sendOk(h, 'hamlet@zulip.com', { type: 'direct', to: [user.othello], content: 'direct word' });
    });
    expect(notices[0]).toMatchObject({ kind: 'message', message: { type: 'private', content: 'direct word' } });
    expect((notices[0] as { users: { id: number }[] }).users.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      [user.hamlet, user.othello].sort((a, b) => a - b),
    );
    const group = await sendOk(h, 'hamlet@zulip.com', { type: 'direct', to: 'othello@zulip.com,iago@zulip.com', content: 'group' });
    expect(await fetchIds(h, 'iago@zulip.com', [{ operator: 'dm', operand: [user.hamlet, user.othello] }])).toEqual([group]);
  });

  it("answers Zulip's errors for bad types and targets", async () => {
    const send = async (form: Record<string, unknown>) => (await h.send('hamlet@zulip.com', { content: 'x', topic: 't', ...form })).body;
    expect(await send({ type: 'Channel', to: 'Denmark' })).toEqual(error('Invalid message type'));
    expect(await send({ type: 'channel', to: [denmark, denmark + 1] })).toEqual(error('Cannot send to multiple streams'));
    expect(await send({ type: 'channel', to: 99999 })).toEqual({
      result: 'error',
      msg: "Stream with ID '99999' does not exist",
      code: 'STREAM_DOES_NOT_EXIST',
      stream_id: 99999,
    });
    // A bare id names no user: Zulip 2.1's bad value, kept.
    expect(await send({ type: 'direct', to: user.othello })).toEqual({
      result: 'error',
      msg: `Bad value for 'to': ${user.othello}`,
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'to',
      bad_value: String(user.othello),
    });
    expect(await send({ type: 'direct', to: [99999] })).toEqual(error('Invalid user ID 99999'));
  });

  describe('anchors', () => {
    const ids: number[] = [];
    beforeAll(async () => {
      for (const content of ['a', 'b', 'c', 'd'])
        ids.push(await sendOk(h, 'othello@zulip.com', { type: 'stream', to: 'Verona', topic: 'anchors', content }));
      await h.db.knex('user_messages').where({ user_id: user.hamlet }).whereIn('message_id', ids.slice(0, 2)).update({ flags: 1 });
    });
    const verona = [
      { operator: 'channel', operand: 'Verona' },
      { operator: 'topic', operand: 'anchors' },
    ];
    const fetch = async (params: Record<string, unknown>) => {
      const res = await h.get('hamlet@zulip.com', '/messages', { narrow: verona, ...params });
      return { ...res.body, messages: (res.body.messages as { id: number }[] | undefined)?.map((m) => m.id) };
    };

    it('reads newest, oldest and first_unread, answering the anchor Zulip answers', async () => {
      expect(await fetch({ anchor: 'newest', num_before: 2, num_after: 2 })).toMatchObject({
        anchor: 10000000000000000,
        messages: ids.slice(2),
        found_anchor: false,
        found_newest: true,
        found_oldest: false,
      });
      expect(await fetch({ anchor: 'oldest', num_before: 2, num_after: 1 })).toMatchObject({
        anchor: 0,
        messages: ids.slice(0, 1),
        found_oldest: true,
      });
      expect(await fetch({ anchor: 'first_unread', num_before: 1, num_after: 1 })).toMatchObject({
        anchor: ids[2],
        messages: ids.slice(1, 4),
        found_anchor: true,
      });
      expect(
        await fetch({ anchor: 'first_unread', num_before: 0, num_after: 0, narrow: [{ operator: 'id', operand: ids[0] }] }),
      ).toMatchObject({
        anchor: 10000000000000000,
        messages: [],
      });
    });

    it('leaves the anchor out with include_anchor=false, only at an end of the range', async () => {
      expect(await fetch({ anchor: ids[2], include_anchor: false, num_before: 5, num_after: 0 })).toMatchObject({
        anchor: ids[2],
        messages: ids.slice(0, 2),
        found_anchor: false,
      });
      expect(await fetch({ anchor: ids[1], include_anchor: false, num_before: 0, num_after: 1 })).toMatchObject({
        messages: [ids[2]],
        found_anchor: false,
        found_newest: false,
      });
      expect(await fetch({ anchor: ids[1], include_anchor: true, num_before: 0, num_after: 1 })).toMatchObject({
        messages: [ids[1], ids[2]],
        found_anchor: true,
      });
      expect(await fetch({ anchor: ids[1], include_anchor: false, num_before: 0, num_after: 0 })).toMatchObject({
        messages: [ids[1]],
        found_anchor: true,
      });
      expect(await fetch({ anchor: ids[1], include_anchor: false, num_before: 1, num_after: 1 })).toEqual({
        ...error('The anchor can only be excluded at an end of the range'),
        messages: undefined,
      });
    });

    it("keeps 2.1's answers for other anchors", async () => {
      expect(await fetch({ anchor: 'latest', num_before: 1, num_after: 0 })).toMatchObject({
        msg: "Bad value for 'anchor': latest",
        code: 'REQUEST_VARIABLE_INVALID',
      });
      expect(await fetch({ num_before: 1, num_after: 0 })).toMatchObject({
        msg: "Missing 'anchor' argument (or set 'use_first_unread_anchor'=True).",
      });
      expect(await fetch({ anchor: 0, use_first_unread_anchor: true, num_before: 0, num_after: 0 })).toMatchObject({
        anchor: ids[2],
        messages: [ids[2]],
      });
    });
  });

  describe('typing', () => {
    it('sends type=direct with user ids as the 2.1 form', async () => {
      const notices = await h.noticesOf(async () => {
        expect((await h.post('hamlet@zulip.com', '/typing', { op: 'start', type: 'direct', to: [user.othello] })).body).toEqual({
          result: 'success',
          msg: '',
        });
      });
      const [event] = eventsOf(notices);
      expect(event).toMatchObject({ type: 'typing', op: 'start', sender: { user_id: user.hamlet } });
      expectValidEvent(event!);
      expect((notices[0] as { userIds: number[] }).userIds.sort((a, b) => a - b)).toEqual(
        [user.hamlet, user.othello].sort((a, b) => a - b),
      );
    });

    const typing = async (form: Record<string, unknown>) => (await h.post('hamlet@zulip.com', '/typing', { op: 'start', ...form })).body;

    it("sends a topic's typing (feature level 58) to the stream's subscribers, for queues that declared stream_typing_notifications", async () => {
      const subscribers = (await h.db.knex('subscriptions').where({ stream_id: denmark, active: true }).pluck('user_id')) as number[];
      const notices = await h.noticesOf(async () => {
        expect(await typing({ type: 'channel', stream_id: denmark, topic: 'castle' })).toEqual({ result: 'success', msg: '' });
      });
      const events = eventsOf(notices);
      expect(events).toEqual([
        {
          type: 'typing',
          op: 'start',
          message_type: 'stream',
          sender: { user_id: user.hamlet, email: 'hamlet@zulip.com' },
          stream_id: denmark,
          topic: 'castle',
          id: 0,
        },
      ]);
      expectValidEvent(events[0]!);
      expect(audiencesOf(notices)).toEqual([{ capability: 'stream_typing_notifications', declared: true }]);
      expect((notices[0] as { userIds: number[] }).userIds).toEqual([...subscribers].sort((a, b) => a - b));
    });

    it("answers a topic's typing with Zulip's errors, sending nothing", async () => {
      const notices = await h.noticesOf(async () => {
        expect(await typing({ type: 'channel', topic: 'x' })).toEqual(error('Missing stream_id'));
        expect(await typing({ type: 'stream', stream_id: denmark })).toEqual(error('Missing topic'));
        expect(await typing({ type: 'channel', stream_id: 999999, topic: 'x' })).toEqual(error('Invalid stream id'));
      });
      expect(notices).toEqual([]);
      const { settings } = (await h.db.knex('users').where({ id: user.hamlet }).first('settings')) as { settings: Record<string, unknown> };
      await h.db
        .knex('users')
        .where({ id: user.hamlet })
        .update({ settings: JSON.stringify({ ...settings, send_stream_typing_notifications: false }) });
      try {
        const off = await h.noticesOf(async () => {
          expect(await typing({ type: 'channel', stream_id: denmark, topic: 'x' })).toEqual(
            error('User has disabled typing notifications for stream messages'),
          );
        });
        expect(off).toEqual([]);
      } finally {
        await h.db
          .knex('users')
          .where({ id: user.hamlet })
          .update({ settings: JSON.stringify(settings) });
      }
    });
  });
});
