/**
 * The narrow operators current Zulip clients send (channel, dm, dm-including, is:dm, with, id as
 * an integer), in both encodings, with Zulip's answers for bad ones.
 */
import { createStream, fetchIds, sendOk, startHarness, type Harness } from './helpers';

describe('modern narrow operators', () => {
  let h: Harness;
  const ids: Record<string, number> = {};
  const user: Record<string, number> = {};
  let denmark: number;
  let secret: number;

  beforeAll(async () => {
    h = await startHarness();
    for (const name of ['hamlet', 'othello', 'iago', 'cordelia']) user[name] = await h.userId(`${name}@zulip.com`);
    denmark = ((await h.db.knex('streams').where({ name: 'Denmark' }).first('id')) as { id: number }).id;
    secret = (await createStream(h, 'Secret', { inviteOnly: true, historyPublic: false, subscribers: ['hamlet@zulip.com'] })).id;
    const lonely = await createStream(h, 'Lonely', { subscribers: ['iago@zulip.com'] });
    ids.castle = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'Castle', content: 'walls' });
    ids.ghosts = await sendOk(h, 'othello@zulip.com', { type: 'stream', to: 'Denmark', topic: 'Ghosts', content: 'boo' });
    ids.castle2 = await sendOk(h, 'othello@zulip.com', { type: 'stream', to: 'Denmark', topic: 'castle', content: 'more walls' });
    ids.lonely = await sendOk(h, 'iago@zulip.com', { type: 'stream', to: lonely.id, topic: 'alone', content: 'anyone?' });
    ids.secret = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Secret', topic: 'plot', content: 'hidden' });
    ids.pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: [user.othello], content: 'a word' });
    ids.pmBack = await sendOk(h, 'othello@zulip.com', { type: 'private', to: [user.hamlet], content: 'a reply' });
    ids.self = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: [user.hamlet], content: 'note' });
    ids.huddle = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: [user.othello, user.iago], content: 'all of us' });
    ids.otherPm = await sendOk(h, 'iago@zulip.com', { type: 'private', to: [user.othello], content: 'not for hamlet' });
  });
  afterAll(() => h.close());

  const hamlet = (narrow: unknown[]) => fetchIds(h, 'hamlet@zulip.com', narrow);
  const badNarrow = (desc: string) => ({ result: 'error', msg: `Invalid narrow operator: ${desc}`, code: 'BAD_NARROW', desc });
  const fetchAs = (email: string, narrow: unknown) => h.get(email, '/messages', { anchor: 0, num_before: 0, num_after: 100, narrow });

  it('narrows by channel as by stream: id or name, object or pair, with the history of a public one', async () => {
    expect(await hamlet([{ operator: 'channel', operand: denmark }])).toEqual([ids.castle, ids.ghosts, ids.castle2]);
    expect(
      await hamlet([
        ['channel', 'denmark'],
        ['topic', 'CASTLE'],
      ]),
    ).toEqual([ids.castle, ids.castle2]);
    expect(
      await hamlet([
        { operator: 'channel', operand: denmark, negated: true },
        { operator: 'sender', operand: user.othello },
      ]),
    ).toEqual([ids.pmBack]);
    const lonely = await fetchAs('hamlet@zulip.com', [{ operator: 'channel', operand: 'Lonely' }]);
    expect(lonely.body.messages).toEqual([expect.objectContaining({ id: ids.lonely, flags: ['read', 'historical'] })]);
    expect(
      await hamlet([
        { operator: 'channels', operand: 'public' },
        { operator: 'topic', operand: 'alone' },
      ]),
    ).toEqual([ids.lonely]);
    expect(await fetchIds(h, 'cordelia@zulip.com', [{ operator: 'channel', operand: secret }])).toEqual([]);
  });

  it("answers channel's errors as current Zulip, leaving stream's as 2.1's", async () => {
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'channel', operand: 99999 }])).body).toEqual(badNarrow('unknown channel 99999'));
    expect((await fetchAs('hamlet@zulip.com', [['channel', 'Nowhere']])).body).toEqual(badNarrow('unknown channel Nowhere'));
    expect((await fetchAs('hamlet@zulip.com', [['stream', 'Nowhere']])).body).toEqual(badNarrow('unknown stream Nowhere'));
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'channel', operand: [denmark] }])).body).toEqual({
      result: 'error',
      msg: 'operand is not a string or integer',
      code: 'BAD_REQUEST',
    });
  });

  it('narrows by dm (user ids, or e-mails as a string) as by pm-with', async () => {
    expect(await hamlet([{ operator: 'dm', operand: [user.othello] }])).toEqual([ids.pm, ids.pmBack]);
    expect(await hamlet([{ operator: 'dm', operand: 'othello@zulip.com' }])).toEqual([ids.pm, ids.pmBack]);
    expect(await hamlet([{ operator: 'dm', operand: [user.hamlet] }])).toEqual([ids.self]);
    expect(await hamlet([{ operator: 'dm', operand: [user.iago, user.othello] }])).toEqual([ids.huddle]);
    expect(await hamlet([['dm', 'iago@zulip.com,othello@zulip.com']])).toEqual([ids.huddle]);
    expect(
      await hamlet([
        { operator: 'dm', operand: [user.othello], negated: true },
        { operator: 'is', operand: 'dm' },
      ]),
    ).toEqual([ids.self, ids.huddle]);
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'dm', operand: [99999] }])).body).toEqual(badNarrow('unknown user in [99999]'));
  });

  it("checks dm's operand as current Zulip does", async () => {
    const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'dm', operand: user.othello }])).body).toEqual(
      error('operand is not a string or an integer list'),
    );
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'dm', operand: [user.othello, 'x'] }])).body).toEqual(
      error('operand[1] is not an integer'),
    );
  });

  it('narrows by dm-including: 1:1 and group conversations with that user, or every DM for oneself', async () => {
    expect(await hamlet([{ operator: 'dm-including', operand: user.othello }])).toEqual([ids.pm, ids.pmBack, ids.huddle]);
    expect(await hamlet([['dm-including', 'iago@zulip.com']])).toEqual([ids.huddle]);
    expect(await hamlet([{ operator: 'dm-including', operand: user.hamlet }])).toEqual([ids.pm, ids.pmBack, ids.self, ids.huddle]);
    expect(await hamlet([{ operator: 'dm-including', operand: user.othello, negated: true }, ['is', 'dm']])).toEqual([ids.self]);
    expect(await hamlet([['group-pm-with', 'othello@zulip.com']])).toEqual([ids.huddle]);
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'dm-including', operand: 99999 }])).body).toEqual(
      badNarrow('unknown user 99999'),
    );
  });

  it('reads is:dm as is:private and an integer id as its string', async () => {
    expect(await hamlet([['is', 'dm']])).toEqual(await hamlet([['is', 'private']]));
    expect(await hamlet([['is', 'dm']])).toEqual([ids.pm, ids.pmBack, ids.self, ids.huddle]);
    expect(await hamlet([{ operator: 'id', operand: ids.ghosts }])).toEqual([ids.ghosts]);
    expect(await hamlet([['id', String(ids.ghosts)]])).toEqual([ids.ghosts]);
    expect(await hamlet([{ operator: 'id', operand: '99999999999' }])).toEqual([]);
  });

  it('narrows with a message id to the conversation it is in, replacing conversation terms', async () => {
    expect(await hamlet([{ operator: 'with', operand: ids.castle }])).toEqual([ids.castle, ids.castle2]);
    expect(
      await hamlet([
        ['with', String(ids.ghosts)],
        ['topic', 'castle'],
      ]),
    ).toEqual([ids.ghosts]);
    expect(
      await hamlet([
        { operator: 'with', operand: ids.ghosts },
        { operator: 'sender', operand: user.hamlet },
      ]),
    ).toEqual([]);
    expect(await hamlet([{ operator: 'with', operand: ids.pmBack }])).toEqual([ids.pm, ids.pmBack]);
    expect(await hamlet([{ operator: 'with', operand: ids.self }])).toEqual([ids.self]);
    expect(
      await hamlet([
        { operator: 'with', operand: ids.huddle },
        { operator: 'dm', operand: [user.othello] },
      ]),
    ).toEqual([ids.huddle]);
    expect(await hamlet([{ operator: 'with', operand: ids.lonely }])).toEqual([ids.lonely]);
  });

  it('follows the message when its topic moves', async () => {
    const moved = await sendOk(h, 'hamlet@zulip.com', { type: 'channel', to: denmark, topic: 'old name', content: 'moving' });
    await h.db.knex('messages').where({ id: moved }).update({ subject: 'new name' });
    expect(
      await hamlet([
        { operator: 'with', operand: moved },
        { operator: 'topic', operand: 'old name' },
      ]),
    ).toEqual([moved]);
  });

  it('ignores a message the caller cannot read when the rest names a conversation, else refuses it', async () => {
    expect(
      await fetchIds(h, 'cordelia@zulip.com', [{ operator: 'with', operand: ids.secret }, ['channel', 'Denmark'], ['topic', 'Ghosts']]),
    ).toEqual([ids.ghosts]);
    expect((await fetchAs('cordelia@zulip.com', [{ operator: 'with', operand: ids.secret }])).body).toEqual(
      badNarrow("Invalid 'with' operator"),
    );
    expect((await fetchAs('hamlet@zulip.com', [{ operator: 'with', operand: ids.otherPm }])).body).toEqual(
      badNarrow("Invalid 'with' operator"),
    );
    expect((await fetchAs('hamlet@zulip.com', [['with', 'abc']])).body).toEqual(badNarrow("Invalid 'with' operator"));
    expect((await fetchAs('hamlet@zulip.com', [['with', '99999999999']])).body).toEqual(badNarrow("Invalid 'with' operator"));
    expect(
      (
        await fetchAs('hamlet@zulip.com', [
          ['with', String(ids.castle)],
          ['with', String(ids.ghosts)],
        ])
      ).body,
    ).toEqual({
      result: 'error',
      msg: "Invalid narrow operator combination: Duplicate 'with' operators.",
      code: 'BAD_NARROW',
      desc: "Duplicate 'with' operators.",
    });
  });

  it('reads the new operators in /messages/matches_narrow too, where with is unknown (as in Zulip)', async () => {
    const matches = (narrow: unknown) =>
      h.get('hamlet@zulip.com', '/messages/matches_narrow', { msg_ids: [ids.castle, ids.ghosts, ids.pm, ids.huddle], narrow });
    expect(
      Object.keys((await matches([{ operator: 'channel', operand: denmark }, ['topic', 'castle']])).body.messages).map(Number),
    ).toEqual([ids.castle]);
    expect(
      Object.keys((await matches([{ operator: 'dm-including', operand: user.othello }])).body.messages)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([ids.pm, ids.huddle]);
    expect(
      Object.keys((await matches([['is', 'dm']])).body.messages)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([ids.pm, ids.huddle]);
    expect((await matches([{ operator: 'with', operand: ids.castle }])).body).toEqual(badNarrow('unknown operator with'));
  });
});
