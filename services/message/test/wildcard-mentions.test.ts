/**
 * Wildcard mentions with the real renderer, as Zulip sets them (zerver/actions/message_send.py
 * create_user_messages, message_edit.py update_user_message_flags): a stream wildcard
 * (@**all**, @**everyone**, @**stream**, @**channel**) gives every recipient
 * stream_wildcard_mentioned; @**topic** gives topic_wildcard_mentioned to the topic's participants
 * (who sent or reacted to a message in it, and the sender); either shows wildcard_mentioned too.
 */
import type { MessageNotice } from '@chat/events';
import { createStream, expectValidEvent, messageEventFor, sendOk, startHarness, type Harness } from './helpers';

jest.setTimeout(60_000);

describe('stream and topic wildcard mentions', () => {
  let h: Harness;
  let ids: Record<string, number>;
  const PEOPLE = ['hamlet@zulip.com', 'othello@zulip.com', 'iago@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com'];

  beforeAll(async () => {
    h = await startHarness();
    ids = Object.fromEntries(await Promise.all(PEOPLE.map(async (email) => [email.split('@')[0]!, await h.userId(email)] as const)));
    await createStream(h, 'Elsinore', { subscribers: PEOPLE });
  });
  afterAll(() => h.close());

  /** Each recipient's flags in the send's notice, by name. */
  async function sendFlags(
    email: string,
    form: Record<string, unknown>,
  ): Promise<{ id: number; flags: Record<string, string[]>; notice: MessageNotice }> {
    const notices = (await h.noticesOf(() => sendOk(h, email, form))) as MessageNotice[];
    const notice = notices.find((n) => n.kind === 'message')!;
    const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, notice.users.find((u) => u.id === id)?.flags ?? []]));
    return { id: notice.message.id, flags: byName, notice };
  }

  const fetchedFlags = async (email: string, id: number): Promise<string[]> =>
    (await h.get(email, '/messages', { anchor: id, num_before: 0, num_after: 0 })).body.messages[0].flags as string[];

  it.each(['channel', 'all', 'everyone', 'stream'])(
    '@**%s** mentions every recipient, in the event and in GET /messages',
    async (wildcard) => {
      const { id, flags, notice } = await sendFlags('hamlet@zulip.com', {
        type: 'stream',
        to: 'Elsinore',
        topic: `w-${wildcard}`,
        content: `@**${wildcard}** look`,
      });
      for (const name of Object.keys(ids)) expect(flags[name]).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
      expectValidEvent(messageEventFor(notice, ids.othello!));
      expect(notice.message.rendered_content).toBe(
        `<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@${wildcard}</span> look</p>`,
      );
      expect(await fetchedFlags('othello@zulip.com', id)).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
      const mentioned = await h.get('othello@zulip.com', '/messages', {
        anchor: id,
        num_before: 0,
        num_after: 0,
        narrow: [['is', 'mentioned']],
      });
      expect(mentioned.body.messages.map((m: { id: number }) => m.id)).toEqual([id]);
    },
  );

  it("@**topic** mentions the topic's participants: its senders (any case of the topic), who reacted, and the sender", async () => {
    const first = await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'Elsinore', topic: 'Ghost', content: 'I saw it' });
    await sendOk(h, 'othello@zulip.com', { type: 'stream', to: 'Elsinore', topic: 'GHOST', content: 'me too' });
    expect((await h.post('cordelia@zulip.com', `/messages/${first}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
    // Elsewhere in the stream, and the same topic name in another stream, make no participant.
    await sendOk(h, 'prospero@zulip.com', { type: 'stream', to: 'Elsinore', topic: 'other', content: 'elsewhere' });
    await sendOk(h, 'prospero@zulip.com', { type: 'stream', to: 'Denmark', topic: 'Ghost', content: 'other stream' });

    const { id, flags, notice } = await sendFlags('hamlet@zulip.com', {
      type: 'stream',
      to: 'Elsinore',
      topic: 'ghost',
      content: '@**topic** what now?',
    });
    const topicFlags = ['topic_wildcard_mentioned', 'wildcard_mentioned'];
    expect(flags).toEqual({ hamlet: topicFlags, iago: topicFlags, othello: topicFlags, cordelia: topicFlags, prospero: [] });
    expect(notice.message.rendered_content).toBe('<p><span class="topic-mention">@topic</span> what now?</p>');
    expectValidEvent(messageEventFor(notice, ids.iago!));
    expect(await fetchedFlags('iago@zulip.com', id)).toEqual(topicFlags);
    expect(await fetchedFlags('prospero@zulip.com', id)).toEqual([]);
    const mentioned = await h.get('iago@zulip.com', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [['is', 'mentioned']],
    });
    expect(mentioned.body.messages.map((m: { id: number }) => m.id)).toEqual([id]);
  });

  it('@**topic** in a new topic mentions its sender alone; in a private message, nobody', async () => {
    expect(
      (await sendFlags('hamlet@zulip.com', { type: 'stream', to: 'Elsinore', topic: 'brand new', content: '@**topic**' })).flags,
    ).toMatchObject({
      hamlet: ['topic_wildcard_mentioned', 'wildcard_mentioned'],
      othello: [],
    });
    const dm = await sendFlags('hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'hi @**topic**' });
    expect(dm.flags.othello).toEqual([]);
    expect(dm.notice.message.rendered_content).toBe('<p>hi <span class="topic-mention">@topic</span></p>');
  });

  it('a wildcard quoted, silent or in code mentions nobody', async () => {
    for (const content of [
      '`@**topic**` and `@**all**`',
      '> @**channel** @**topic**',
      '@_**all** @_**topic**',
      '```\n@**everyone**\n```',
    ]) {
      const { flags } = await sendFlags('othello@zulip.com', { type: 'stream', to: 'Elsinore', topic: 'Ghost', content });
      expect({ content, flags: Object.values(flags).flat() }).toEqual({ content, flags: [] });
    }
  });

  it('an edit re-evaluates both wildcards for every holder', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Elsinore', topic: 'Ghost', content: 'plain' });
    /** Each holder's wildcard bits: 16 stream_wildcard_mentioned, 32 topic_wildcard_mentioned. */
    const stored = async (): Promise<Record<string, number>> => {
      const rows = (await h.db.knex('user_messages').where({ message_id: id })) as { user_id: number; flags: number }[];
      return Object.fromEntries(
        Object.entries(ids).map(([name, userId]) => [name, rows.find((r) => r.user_id === userId)!.flags & (16 | 32)]),
      );
    };
    const edit = async (content: string) => {
      const notices = await h.noticesOf(async () =>
        expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content })).status).toBe(200),
      );
      return notices.flatMap((n) =>
        n.kind === 'event' && n.event.type === 'update_message' ? [{ flags: n.event.flags as string[], userIds: n.userIds }] : [],
      );
    };
    expect(await stored()).toEqual({ hamlet: 0, othello: 0, iago: 0, cordelia: 0, prospero: 0 });

    const toTopic = await edit('now @**topic**');
    expect(await stored()).toEqual({ hamlet: 32, othello: 32, iago: 32, cordelia: 32, prospero: 0 });
    expect(toTopic.find((e) => e.userIds.includes(ids.iago!))!.flags).toEqual(['topic_wildcard_mentioned', 'wildcard_mentioned']);
    expect(toTopic.find((e) => e.userIds.includes(ids.prospero!))!.flags).toEqual([]);

    await edit('now @**channel**');
    expect(await stored()).toEqual({ hamlet: 16, othello: 16, iago: 16, cordelia: 16, prospero: 16 });

    const plain = await edit('no one');
    expect(await stored()).toEqual({ hamlet: 0, othello: 0, iago: 0, cordelia: 0, prospero: 0 });
    expect(plain.flatMap((e) => e.flags)).not.toContain('wildcard_mentioned');
  });

  it('wildcard_mentioned is a flag clients see but cannot set', async () => {
    const res = await h.post('othello@zulip.com', '/messages/flags', { messages: [1], op: 'add', flag: 'wildcard_mentioned' });
    expect(res.body).toEqual({ result: 'error', msg: "Flag not editable: 'wildcard_mentioned'", code: 'BAD_REQUEST' });
    const topic = await h.post('othello@zulip.com', '/messages/flags', { messages: [1], op: 'add', flag: 'topic_wildcard_mentioned' });
    expect(topic.body.msg).toBe("Flag not editable: 'topic_wildcard_mentioned'");
  });
});
