import type { MessageNotice } from '@chat/events';
import { expectValidEvent, messageEventFor, sendOk, startHarness, type Harness } from './helpers';
import { anyOf } from '@chat/db';

describe('POST /messages (private messages)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const user = (email: string, fullName: string, id: number, shortName: string) => ({
    email,
    full_name: fullName,
    short_name: shortName,
    id,
    is_mirror_dummy: false,
  });

  it('sends a 1:1 message to the other user personal recipient, sender included in display_recipient', async () => {
    const hamlet = await h.userId('hamlet@zulip.com');
    const othello = await h.userId('othello@zulip.com');
    const [notice] = (await h.noticesOf(() =>
      sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'hi' }),
    )) as MessageNotice[];
    const othelloRow = await h.db.knex('users').where({ id: othello }).first('recipient_id');
    expect(notice!.message.recipient_id).toBe(othelloRow.recipient_id);
    expect(notice!.message.display_recipient).toEqual([
      user('hamlet@zulip.com', 'King Hamlet', hamlet, 'hamlet'),
      user('othello@zulip.com', 'Othello, the Moor of Venice', othello, 'othello'),
    ]);
    expect(notice!.publicStream).toBe(false);
    // is_private is stored but never shown; an API client's message stays unread for its sender.
    expect(notice!.users.sort((a, b) => a.id - b.id)).toEqual(
      [
        { id: hamlet, flags: [] },
        { id: othello, flags: [] },
      ].sort((a, b) => a.id - b.id),
    );
    const rows = await h.db.knex('user_messages').where({ message_id: notice!.message.id });
    expect(rows.map((r: { flags: number }) => r.flags)).toEqual([2048, 2048]);
    expectValidEvent(messageEventFor(notice!, othello));
    expectValidEvent(messageEventFor(notice!, hamlet, false));
  });

  it('accepts a JSON list of e-mails, a JSON list of ids and a comma list; both directions share the conversation', async () => {
    const othello = await h.userId('othello@zulip.com');
    const a = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: ['othello@zulip.com'], content: 'a' });
    const b = await sendOk(h, 'othello@zulip.com', { type: 'private', to: [await h.userId('hamlet@zulip.com')], content: 'b' });
    const c = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: ' othello@zulip.com , ', content: 'c' });
    const rows = await h.db
      .knex('messages')
      .whereRaw(...anyOf('id', [a, b, c]))
      .orderBy('id');
    expect(rows[0].recipient_id).toBe(rows[2].recipient_id);
    expect(rows[1].recipient_id).not.toBe(rows[0].recipient_id);
    const res = await h.get('hamlet@zulip.com', '/messages', {
      anchor: a,
      num_before: 0,
      num_after: 10,
      narrow: [{ operator: 'pm-with', operand: [othello] }],
    });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([a, b, c]);
    expect(res.body.messages[1]).toMatchObject({ type: 'private', subject: '', sender_email: 'othello@zulip.com' });
    expect(res.body.messages[1]).not.toHaveProperty('stream_id');
  });

  it('sends a message to oneself to the sender personal recipient', async () => {
    const hamlet = await h.userId('hamlet@zulip.com');
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'hamlet@zulip.com', content: 'note' }, 'ZulipMobile/1.0');
    const row = await h.db.knex('messages').where({ id }).first();
    const me = await h.db.knex('users').where({ id: hamlet }).first('recipient_id');
    expect(row.recipient_id).toBe(me.recipient_id);
    const ums = await h.db.knex('user_messages').where({ message_id: id });
    expect(ums).toEqual([{ user_id: hamlet, message_id: id, flags: 2048 | 1 }]);
    const res = await h.get('hamlet@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 });
    expect(res.body.messages[0].display_recipient).toEqual([user('hamlet@zulip.com', 'King Hamlet', hamlet, 'hamlet')]);
    expect(res.body.messages[0].flags).toEqual(['read']);
  });

  it('creates one huddle per group, whatever the order and the sender, with type 3 recipients', async () => {
    const first = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com,iago@zulip.com', content: 'group' });
    const second = await sendOk(h, 'iago@zulip.com', { type: 'private', to: ['othello@zulip.com', 'hamlet@zulip.com'], content: 'again' });
    const rows = await h.db.knex('messages').whereRaw(...anyOf('id', [first, second]));
    expect(rows[0].recipient_id).toBe(rows[1].recipient_id);
    const recipient = await h.db.knex('recipients').where({ id: rows[0].recipient_id }).first();
    expect(recipient.type).toBe(3);
    expect(await h.db.knex('huddles').count({ n: '*' }).first()).toEqual({ n: 1 });
    const ums = await h.db.knex('user_messages').where({ message_id: first });
    expect(ums).toHaveLength(3);
    const res = await h.get('othello@zulip.com', '/messages', { anchor: first, num_before: 0, num_after: 0 });
    // Sorted by e-mail as Zulip shows them.
    expect(res.body.messages[0].display_recipient.map((u: { email: string }) => u.email)).toEqual([
      'hamlet@zulip.com',
      'iago@zulip.com',
      'othello@zulip.com',
    ]);
  });

  it.each([
    [{ type: 'private', to: '', content: 'x' }, 'Message must have recipients'],
    [{ type: 'private', to: '[]', content: 'x' }, 'Message must have recipients'],
    [{ type: 'private', to: 'nobody@zulip.com', content: 'x' }, "Invalid email 'nobody@zulip.com'"],
    [{ type: 'private', to: '[99999]', content: 'x' }, 'Invalid user ID 99999'],
    [{ type: 'private', to: 'nobody@zulip.com', content: ' ' }, "Invalid email 'nobody@zulip.com'"],
    [{ type: 'private', to: 'othello@zulip.com', content: ' ' }, 'Message must not be empty'],
    [{ type: 'private', to: 'othello@zulip.com', content: 'a\u0000b' }, 'Message must not contain null bytes'],
    [{ type: 'personal', to: 'othello@zulip.com', content: 'x' }, 'Invalid message type'],
  ])('rejects %j with "%s" (BAD_REQUEST) and writes nothing', async (form, msg) => {
    const before = await h.db.knex('messages').count({ n: '*' }).first();
    const res = await h.send('hamlet@zulip.com', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect(await h.db.knex('messages').count({ n: '*' }).first()).toEqual(before);
  });

  it('rejects a mixed list of e-mails and ids as a bad value for to', async () => {
    const res = await h.send('hamlet@zulip.com', { type: 'private', to: '["othello@zulip.com", 5]', content: 'x' });
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_INVALID', msg: 'Bad value for \'to\': ["othello@zulip.com", 5]' });
  });

  it('refuses deactivated recipients and users of other organizations', async () => {
    const [other] = await h.db.knex('realms').insert({ string_id: 'elsewhere', name: 'Elsewhere' }).returning('id');
    const [stranger] = await h.db
      .knex('users')
      .insert({
        realm_id: other.id,
        email: 'stranger@elsewhere.com',
        delivery_email: 'stranger@elsewhere.com',
        full_name: 'S',
        api_key_enc: 'x',
        api_key_hash: 'stranger',
      })
      .returning('id');
    const byEmail = await h.send('hamlet@zulip.com', { type: 'private', to: 'stranger@elsewhere.com', content: 'x' });
    expect(byEmail.body.msg).toBe("Invalid email 'stranger@elsewhere.com'");
    const byId = await h.send('hamlet@zulip.com', { type: 'private', to: [stranger.id], content: 'x' });
    expect(byId.body.msg).toBe(`Invalid user ID ${stranger.id}`);

    await h.db.knex('users').where({ email: 'cordelia@zulip.com' }).update({ is_active: false });
    try {
      const res = await h.send('hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com,cordelia@zulip.com', content: 'x' });
      expect(res.body).toEqual({ result: 'error', msg: "'cordelia@zulip.com' is no longer using Zulip.", code: 'BAD_REQUEST' });
    } finally {
      await h.db.knex('users').where({ email: 'cordelia@zulip.com' }).update({ is_active: true });
    }
  });

  it('gives the local echo id to the sender queue', async () => {
    const notices = (await h.noticesOf(() =>
      sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'x', queue_id: 'q1', local_id: '12.01' }),
    )) as MessageNotice[];
    expect(notices[0]).toMatchObject({ senderQueueId: 'q1', localId: '12.01' });
  });
});
