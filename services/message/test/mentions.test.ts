/**
 * How the service uses the renderer's interface: candidates found by possibleMentions and
 * possibleStreamNames are looked up and passed in the context, and the result's mentioned users
 * and wildcard become per-user flags. The renderer is replaced by a stand-in here, so this tests
 * the service's side of the contract whatever state libs/markdown is in.
 */
import type { MarkdownContext } from '@chat/markdown';
import type { MessageNotice } from '@chat/events';
import { startHarness, sendOk, type Harness } from './helpers';

const contexts: MarkdownContext[] = [];

jest.mock('@chat/markdown', () => {
  const actual = jest.requireActual('@chat/markdown');
  return {
    ...actual,
    renderMarkdown: (content: string, context: MarkdownContext = {}) => {
      contexts.push(context);
      const mentioned = (context.users ?? []).filter((u) => content.includes(`@**${u.fullName}**`) || content.includes(`|${u.id}**`));
      return {
        html: `<p>${content}</p>`,
        isMeMessage: false,
        mentionedUserIds: mentioned.map((u) => u.id),
        streamWildcardMentioned: content.includes('@**all**'),
        topicWildcardMentioned: content.includes('@**topic**'),
        hasLink: content.includes('http'),
        hasImage: false,
        hasAttachment: false,
      };
    },
  };
});

describe('mentions and the render context', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('flags mentioned recipients, looks users up case-insensitively and by id, and passes streams', async () => {
    const othello = await h.userId('othello@zulip.com');
    const iago = await h.userId('iago@zulip.com');
    const [notice] = (await h.noticesOf(() =>
      sendOk(h, 'hamlet@zulip.com', {
        type: 'stream',
        to: 'Denmark',
        topic: 't',
        content: `hi @**othello, the moor of venice** and @**Iago|${iago}**, @**Nobody**, see #**Verona** http://x`,
      }),
    )) as MessageNotice[];
    const context = contexts[contexts.length - 1]!;
    expect(context.users?.map((u) => u.id).sort()).toEqual([othello, iago].sort());
    expect(context.streams?.map((s) => s.name)).toEqual(['Verona']);
    const flags = Object.fromEntries(notice!.users.map((u) => [u.id, u.flags]));
    expect(flags[othello]).toEqual([]);
    expect(flags[iago]).toEqual(['mentioned']);
    const stored = await h.db.knex('messages').where({ id: notice!.message.id }).first();
    expect(stored.has_link).toBe(true);
  });

  it('gives wildcard_mentioned to every recipient, mentioned is queryable, and an edit recomputes it', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'w', content: 'hello @**all**' });
    const rows = await h.db.knex('user_messages').where({ message_id: id });
    expect(rows.every((r: { flags: number }) => (r.flags & 16) !== 0)).toBe(true);
    const res = await h.get('othello@zulip.com', '/messages', { anchor: 0, num_before: 0, num_after: 100, narrow: [['is', 'mentioned']] });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toContain(id);
    expect(res.body.messages.find((m: { id: number }) => m.id === id).flags).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: 'hello @**King Hamlet**' });
    const after = await h.db.knex('user_messages').where({ message_id: id }).orderBy('user_id');
    const hamlet = await h.userId('hamlet@zulip.com');
    for (const r of after as { user_id: number; flags: number }[]) expect(r.flags & 24).toBe(r.user_id === hamlet ? 8 : 0);
  });

  it('a human client message is read for its sender and mentions in private messages flag the recipient', async () => {
    const othello = await h.userId('othello@zulip.com');
    const hamlet = await h.userId('hamlet@zulip.com');
    const [notice] = (await h.noticesOf(() =>
      sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: '@**Othello, the Moor of Venice**' }, 'website'),
    )) as MessageNotice[];
    const flags = Object.fromEntries(notice!.users.map((u) => [u.id, u.flags]));
    expect(flags).toEqual({ [hamlet]: ['read'], [othello]: ['mentioned'] });
  });
});
