import { audiencesOf, eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

describe('DELETE /messages/{id}', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const setRealm = (settings: Record<string, unknown>) =>
    h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify(settings) });

  it('lets an administrator delete any message, permanently, and tells those who had it', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'doomed', content: 'x' });
    const notices = await h.noticesOf(async () => {
      expect((await h.del('iago@zulip.com', `/messages/${id}`)).body).toEqual({ result: 'success', msg: '' });
    });
    expect(await h.db.knex('messages').where({ id }).first()).toBeUndefined();
    expect(await h.db.knex('user_messages').where({ message_id: id })).toEqual([]);
    const denmark = ((await h.db.knex('streams').where({ realm_id: h.realmId, name: 'Denmark' }).first('id')) as { id: number }).id;
    const events = eventsOf(notices);
    // The bulk event for bulk_message_deletion clients, 2.1's event for the others.
    expect(events).toEqual([
      { type: 'delete_message', message_ids: [id], message_type: 'stream', stream_id: denmark, topic: 'doomed', id: 0 },
      {
        type: 'delete_message',
        sender: 'hamlet@zulip.com',
        sender_id: await h.userId('hamlet@zulip.com'),
        message_id: id,
        message_type: 'stream',
        stream_id: denmark,
        topic: 'doomed',
        id: 0,
      },
    ]);
    expect(audiencesOf(notices)).toEqual([
      { capability: 'bulk_message_deletion', declared: true },
      { capability: 'bulk_message_deletion', declared: false },
    ]);
    events.forEach(expectValidEvent);
    for (const notice of notices)
      expect(notice).toMatchObject({ kind: 'event', userIds: expect.arrayContaining([await h.userId('othello@zulip.com')]) });
    expect((await h.del('iago@zulip.com', `/messages/${id}`)).body).toEqual({
      result: 'error',
      msg: 'Invalid message(s)',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses others by default, and applies the realm setting and time limit', async () => {
    const denied = { result: 'error', msg: "You don't have permission to delete this message", code: 'BAD_REQUEST' };
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'x' });
    expect((await h.del('hamlet@zulip.com', `/messages/${id}`)).body).toEqual(denied);
    await setRealm({ allow_message_deleting: true });
    expect((await h.del('othello@zulip.com', `/messages/${id}`)).body).toEqual(denied);
    await h.db
      .knex('messages')
      .where({ id })
      .update({ date_sent: new Date(Date.now() - 3600 * 1000) });
    expect((await h.del('hamlet@zulip.com', `/messages/${id}`)).body).toEqual({
      result: 'error',
      msg: 'The time limit for deleting this message has passed',
      code: 'BAD_REQUEST',
    });
    await setRealm({ allow_message_deleting: true, message_content_delete_limit_seconds: 0 });
    const notices = await h.noticesOf(() => h.del('hamlet@zulip.com', `/messages/${id}`));
    const [bulk, legacy] = eventsOf(notices);
    expect(bulk).toEqual({ type: 'delete_message', message_ids: [id], message_type: 'private', id: 0 });
    expect(legacy).toMatchObject({ message_id: id, message_type: 'private', recipient_id: expect.any(Number) });
    expect(legacy).not.toHaveProperty('stream_id');
    expectValidEvent(bulk!);
    expectValidEvent(legacy!);
    await setRealm({});
  });

  it('answers Invalid message(s) for a message the caller cannot see', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'x' });
    expect((await h.del('cordelia@zulip.com', `/messages/${id}`)).body.msg).toBe('Invalid message(s)');
    expect((await h.del('cordelia@zulip.com', '/messages/999999')).body.msg).toBe('Invalid message(s)');
  });
});

describe('reactions', () => {
  let h: Harness;
  let id: number;
  beforeAll(async () => {
    h = await startHarness();
    id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'r', content: 'react' });
  });
  afterAll(() => h.close());

  it('adds a reaction by name, shows it on the message and tells everyone who has the message', async () => {
    const othello = await h.userId('othello@zulip.com');
    const notices = await h.noticesOf(async () => {
      expect((await h.post('othello@zulip.com', `/messages/${id}/reactions`, { emoji_name: 'joy' })).body).toEqual({
        result: 'success',
        msg: '',
      });
    });
    const [event] = eventsOf(notices);
    expect(event).toEqual({
      type: 'reaction',
      op: 'add',
      user_id: othello,
      user: { user_id: othello, email: 'othello@zulip.com', full_name: 'Othello, the Moor of Venice' },
      message_id: id,
      emoji_name: 'joy',
      emoji_code: '1f602',
      reaction_type: 'unicode_emoji',
      id: 0,
    });
    expectValidEvent(event!);
    const fetched = await h.get('hamlet@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 });
    expect(fetched.body.messages[0].reactions).toEqual([
      {
        emoji_name: 'joy',
        emoji_code: '1f602',
        reaction_type: 'unicode_emoji',
        user_id: othello,
        user: { email: 'othello@zulip.com', id: othello, full_name: 'Othello, the Moor of Venice' },
      },
    ]);
  });

  it('a second reactor votes for the first name; a non-recipient reactor gets a historical row', async () => {
    await h.post('cordelia@zulip.com', `/messages/${id}/reactions`, {
      emoji_name: 'joy',
      emoji_code: '1f602',
      reaction_type: 'unicode_emoji',
    });
    const cordelia = await h.userId('cordelia@zulip.com');
    const row = await h.db.knex('user_messages').where({ user_id: cordelia, message_id: id }).first();
    expect(row.flags).toBe(1 | 1024);
    expect(await h.db.knex('reactions').where({ message_id: id }).count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it.each([
    [{ emoji_name: 'joy' }, 'Reaction already exists.'],
    [{ emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist"],
    [{ emoji_name: 'smile', emoji_code: 'zzzz' }, 'Invalid emoji code.'],
    [{ emoji_name: 'smile', emoji_code: '1f600' }, 'Invalid emoji name.'],
    [{ emoji_name: 'zulip', emoji_code: 'x', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji code.'],
    [{ emoji_name: 'zulipp', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji name.'],
    [{ emoji_name: 'green_tick', emoji_code: '999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
    [{ emoji_name: 'smile', emoji_code: '263a', reaction_type: 'fancy' }, 'Invalid emoji type.'],
  ])('rejects %j with "%s"', async (form, msg) => {
    const res = await h.post('othello@zulip.com', `/messages/${id}/reactions`, form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
  });

  it('requires emoji_name to add, and a message the caller may see', async () => {
    const missing = await h.post('othello@zulip.com', `/messages/${id}/reactions`, {});
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'emoji_name' argument" });
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'iago@zulip.com', content: 'x' });
    expect((await h.post('othello@zulip.com', `/messages/${pm}/reactions`, { emoji_name: 'joy' })).body.msg).toBe('Invalid message(s)');
  });

  it('accepts zulip and Zulip names (smile is U+263A)', async () => {
    expect((await h.post('iago@zulip.com', `/messages/${id}/reactions`, { emoji_name: 'zulip' })).status).toBe(200);
    expect((await h.post('iago@zulip.com', `/messages/${id}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
    const rows = await h.db
      .knex('reactions')
      .where({ message_id: id, user_id: await h.userId('iago@zulip.com') })
      .orderBy('id');
    expect(rows.map((r: { emoji_code: string; reaction_type: string }) => [r.emoji_code, r.reaction_type])).toEqual([
      ['zulip', 'zulip_extra_emoji'],
      ['263a', 'unicode_emoji'],
    ]);
  });

  it('removes a reaction by name or code, with its errors', async () => {
    const none = await h.del('othello@zulip.com', `/messages/${id}/reactions`, {});
    expect(none.body).toEqual({
      result: 'error',
      msg: 'At least one of the following arguments must be present: emoji_name, emoji_code',
      code: 'BAD_REQUEST',
    });
    const notices = await h.noticesOf(async () => {
      expect((await h.del('othello@zulip.com', `/messages/${id}/reactions`, { emoji_name: 'joy' })).body).toEqual({
        result: 'success',
        msg: '',
      });
    });
    const [event] = eventsOf(notices);
    expect(event).toMatchObject({ type: 'reaction', op: 'remove', emoji_name: 'joy', emoji_code: '1f602' });
    expectValidEvent(event!);
    const again = await h.del('othello@zulip.com', `/messages/${id}/reactions`, { emoji_code: '1f602' });
    expect(again.body).toEqual({ result: 'error', msg: "Reaction doesn't exist.", code: 'BAD_REQUEST' });
    expect((await h.del('cordelia@zulip.com', `/messages/${id}/reactions`, { emoji_code: '1f602' })).status).toBe(200);
  });
});
