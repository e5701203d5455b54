import { eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

const path = (id: number, name: string) => `/messages/${id}/emoji_reactions/${encodeURIComponent(name)}`;

describe('PUT and DELETE /messages/{id}/emoji_reactions/{emoji_name} (Zulip 2.1 legacy routes)', () => {
  let h: Harness;
  let id: number;
  beforeAll(async () => {
    h = await startHarness();
    id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'legacy', content: 'react by path' });
  });
  afterAll(() => h.close());

  it('adds a unicode emoji by name, with the same event as the current route', async () => {
    const othello = await h.userId('othello@zulip.com');
    const notices = await h.noticesOf(async () => {
      expect((await h.put('othello@zulip.com', path(id, 'joy'))).body).toEqual({ result: 'success', msg: '' });
    });
    const [event] = eventsOf(notices);
    expect(event).toMatchObject({
      type: 'reaction',
      op: 'add',
      user_id: othello,
      message_id: id,
      emoji_name: 'joy',
      emoji_code: '1f602',
      reaction_type: 'unicode_emoji',
    });
    expectValidEvent(event!);
    const fetched = await h.get('hamlet@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 });
    expect(fetched.body.messages[0].reactions).toEqual([expect.objectContaining({ emoji_name: 'joy', user_id: othello })]);
  });

  it('adds a realm emoji by name', async () => {
    const [emoji] = (await h.db
      .knex('realm_emoji')
      .insert({ realm_id: h.realmId, name: 'legacyparrot', file_name: 'p.png', deactivated: false })
      .returning('id')) as { id: number }[];
    await h.put('iago@zulip.com', path(id, 'legacyparrot'));
    const row = await h.db
      .knex('reactions')
      .where({ message_id: id, user_id: await h.userId('iago@zulip.com') })
      .first();
    expect(row).toMatchObject({ emoji_name: 'legacyparrot', emoji_code: String(emoji!.id), reaction_type: 'realm_emoji' });
  });

  it("answers 2.1's errors: unknown emoji, a repeated reaction, an unreadable message", async () => {
    const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect((await h.put('othello@zulip.com', path(id, 'no_such_emoji'))).body).toEqual(error("Emoji 'no_such_emoji' does not exist"));
    expect((await h.put('othello@zulip.com', path(id, 'joy'))).body).toEqual(error('Reaction already exists'));
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'iago@zulip.com', content: 'x' });
    expect((await h.put('othello@zulip.com', path(pm, 'joy'))).body).toEqual(error('Invalid message(s)'));
    expect((await h.del('othello@zulip.com', path(pm, 'joy'))).body).toEqual(error('Invalid message(s)'));
    expect((await h.del('cordelia@zulip.com', path(id, 'joy'))).body).toEqual(error('Reaction does not exist'));
  });

  it('removes the reaction by its name, with the stored emoji in the event', async () => {
    const notices = await h.noticesOf(async () => {
      expect((await h.del('othello@zulip.com', path(id, 'joy'))).body).toEqual({ result: 'success', msg: '' });
    });
    const [event] = eventsOf(notices);
    expect(event).toMatchObject({ type: 'reaction', op: 'remove', emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji' });
    expectValidEvent(event!);
    expect(await h.db.knex('reactions').where({ message_id: id, user_id: await h.userId('othello@zulip.com') })).toEqual([]);
  });
});
