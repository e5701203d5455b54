import { eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

describe('PATCH /messages/{id}, GET /messages/{id}, GET /messages/{id}/history', () => {
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
  const age = (id: number, seconds: number) =>
    h.db
      .knex('messages')
      .where({ id })
      .update({ date_sent: new Date(Date.now() - seconds * 1000) });

  it('edits content: stored, raw content returned, history snapshots as the spec says, one event per flag set', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'Castle', content: 'first words' });
    // The message dict (feature level 120) is the one GET /messages gives, with othello's flags.
    const listed = (await h.get('othello@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 })).body.messages;
    expect(listed).toEqual([expect.objectContaining({ id, content: '<p>first words</p>', flags: [] })]);
    expect((await h.get('othello@zulip.com', `/messages/${id}`)).body).toEqual({
      result: 'success',
      msg: '',
      raw_content: 'first words',
      message: listed[0],
    });
    const hamlet = await h.userId('hamlet@zulip.com');
    await h.db
      .knex('user_messages')
      .where({ message_id: id, user_id: await h.userId('othello@zulip.com') })
      .update({ flags: 1 });
    const notices = await h.noticesOf(async () => {
      const res = await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: '  second words  ' });
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    const events = eventsOf(notices);
    events.forEach(expectValidEvent);
    expect(events.map((e) => e.flags).sort()).toEqual([[], ['read']]);
    expect(events[0]).toMatchObject({
      type: 'update_message',
      sender: 'hamlet@zulip.com',
      user_id: hamlet,
      message_id: id,
      message_ids: [id],
      orig_content: 'first words',
      content: 'second words',
      stream_name: 'Denmark',
      rendering_only: false,
      stream_id: (await h.db.knex('streams').where({ realm_id: h.realmId, name: 'Denmark' }).first('id')).id,
    });
    expect(events[0]).not.toHaveProperty('subject');
    expect((await h.get('othello@zulip.com', `/messages/${id}`)).body.raw_content).toBe('second words');

    await h.patch('hamlet@zulip.com', `/messages/${id}`, { topic: 'Moat' });
    const history = (await h.get('othello@zulip.com', `/messages/${id}/history`)).body.message_history;
    expect(history).toHaveLength(3);
    expect(Object.keys(history[0]).sort()).toEqual(['content', 'rendered_content', 'timestamp', 'topic', 'user_id']);
    expect(history[0]).toMatchObject({ topic: 'Castle', content: 'first words', user_id: hamlet });
    expect(history[1]).toMatchObject({ topic: 'Castle', content: 'second words', prev_content: 'first words', user_id: hamlet });
    expect(history[1].content_html_diff).toContain('<span class="highlight_text_inserted">second</span>');
    expect(history[1].content_html_diff).toContain('<span class="highlight_text_deleted">first</span>');
    expect(history[1]).not.toHaveProperty('prev_topic');
    expect(history[2]).toMatchObject({ topic: 'Moat', prev_topic: 'Castle', content: 'second words' });
    expect(history[2]).not.toHaveProperty('prev_content');

    const fetched = await h.get('othello@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 });
    expect(fetched.body.messages[0]).toMatchObject({ subject: 'Moat', last_edit_timestamp: expect.any(Number) });
    expect(fetched.body.messages[0].edit_history).toHaveLength(2);
  });

  it('an unedited message has a single snapshot; an empty edit becomes (deleted)', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'x', content: 'y' });
    const history = (await h.get('hamlet@zulip.com', `/messages/${id}/history`)).body.message_history;
    expect(history).toEqual([
      {
        topic: 'x',
        content: 'y',
        rendered_content: expect.any(String),
        timestamp: expect.any(Number),
        user_id: await h.userId('hamlet@zulip.com'),
      },
    ]);
    await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: '   ' });
    expect((await h.get('hamlet@zulip.com', `/messages/${id}`)).body.raw_content).toBe('(deleted)');
  });

  it('propagates a topic edit: change_one, change_later, change_all (7 days)', async () => {
    const send = (topic: string) => sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: 'm' });
    const [a, b, c] = [await send('old'), await send('old'), await send('old')];
    const other = await send('other');
    await age(a, 8 * 86400);
    const topicOf = async (id: number) => (await h.db.knex('messages').where({ id }).first('subject')).subject;
    await h.patch('iago@zulip.com', `/messages/${b}`, { topic: 'one' });
    expect([await topicOf(a), await topicOf(b), await topicOf(c)]).toEqual(['old', 'one', 'old']);
    const later = await h.noticesOf(() =>
      h.patch('hamlet@zulip.com', `/messages/${a}`, { subject: 'later', propagate_mode: 'change_later' }),
    );
    expect([await topicOf(a), await topicOf(b), await topicOf(c), await topicOf(other)]).toEqual(['later', 'one', 'later', 'other']);
    expect(eventsOf(later)[0]).toMatchObject({
      message_ids: [a, c],
      propagate_mode: 'change_later',
      orig_subject: 'old',
      subject: 'later',
    });
    eventsOf(later).forEach(expectValidEvent);
    await h.patch('hamlet@zulip.com', `/messages/${c}`, { topic: 'all', propagate_mode: 'change_all' });
    // a is older than 7 days, so change_all leaves it.
    expect([await topicOf(a), await topicOf(c)]).toEqual(['later', 'all']);
  });

  it('applies Zulip permission and time-limit rules', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'rules', content: 'x' });
    const err = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect((await h.patch('othello@zulip.com', `/messages/${id}`, { content: 'y' })).body).toEqual(
      err("You don't have permission to edit this message"),
    );
    expect((await h.patch('iago@zulip.com', `/messages/${id}`, { content: 'y' })).body).toEqual(
      err("You don't have permission to edit this message"),
    );
    expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'renamed' })).status).toBe(200);
    expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, {})).body).toEqual({ result: 'error', msg: 'Nothing to change' });
    expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { topic: 'a', subject: 'b' })).body).toMatchObject({
      code: 'REQUEST_CONFUSING_VAR',
      msg: "Can't decide between 'topic' and 'subject' arguments",
    });
    await age(id, 700);
    expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: 'late' })).body).toEqual(
      err('The time limit for editing this message has passed'),
    );
    expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'fine within a day' })).status).toBe(200);
    await age(id, 86400 + 100);
    expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'too late' })).body).toEqual(
      err('The time limit for editing this message has passed'),
    );
    expect((await h.patch('iago@zulip.com', `/messages/${id}`, { topic: 'admins may' })).status).toBe(200);
    // Moderators too, as Zulip's is_moderator checks.
    await h.db.knex('users').where({ email: 'cordelia@zulip.com' }).update({ role: 'moderator' });
    try {
      expect((await h.patch('cordelia@zulip.com', `/messages/${id}`, { topic: 'moderators may' })).status).toBe(200);
    } finally {
      await h.db.knex('users').where({ email: 'cordelia@zulip.com' }).update({ role: 'member' });
    }
    await setRealm({ message_content_edit_limit_seconds: 0 });
    expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: 'no limit' })).status).toBe(200);
    await setRealm({ allow_community_topic_editing: false });
    expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'no' })).body).toEqual(
      err("You don't have permission to edit this message"),
    );
    await setRealm({ allow_message_editing: false });
    expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: 'z' })).body).toEqual({
      result: 'error',
      msg: 'Your organization has turned off message editing',
    });
    await setRealm({ allow_edit_history: false });
    expect((await h.get('hamlet@zulip.com', `/messages/${id}/history`)).body).toEqual({
      result: 'error',
      msg: 'Message edit history is disabled in this organization',
    });
    await setRealm({});
  });

  it('answers Invalid message(s) for missing or inaccessible messages, 404 for non-numeric ids', async () => {
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'iago@zulip.com', content: 'secret' });
    const invalid = { result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' };
    expect((await h.get('othello@zulip.com', `/messages/${pm}`)).body).toEqual(invalid);
    expect((await h.get('othello@zulip.com', `/messages/${pm}/history`)).body).toEqual(invalid);
    expect((await h.get('othello@zulip.com', '/messages/999999/history')).body).toEqual(invalid);
    expect((await h.patch('othello@zulip.com', '/messages/999999', { topic: 'x' })).body).toEqual(invalid);
    expect((await h.get('othello@zulip.com', '/messages/abc')).status).toBe(404);
    const privateEdit = await h.patch('hamlet@zulip.com', `/messages/${pm}`, { topic: 'x' });
    expect(privateEdit.body.msg).toBe('Private messages cannot have topics.');
  });
});
