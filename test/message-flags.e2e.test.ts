/**
 * Message flags as each client meets them, in both topologies:
 *
 * - Your own messages: read for you when a person's client sent them (the web client, whose
 *   session under /json makes it `website`; zulip-terminal; the mobile app) or read_by_sender says
 *   so, unread when a program sent them with your key (Zulip's Python bindings); and then filed in
 *   /register's unread_msgs under the conversation, never as a conversation with yourself.
 * - Wildcard mentions: @**channel** (and @**all**, ...) flags every recipient
 *   stream_wildcard_mentioned, @**topic** the topic's participants topic_wildcard_mentioned, both
 *   with 2.1's wildcard_mentioned; in the event, in GET /messages, in /register's mentions (except
 *   in a muted topic, as Zulip), and again after an edit.
 */
import request from 'supertest';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(120_000);

type Target = Parameters<typeof request>[0];
type Json = Record<string, unknown>;

interface UnreadMsgs {
  pms: { other_user_id: number; sender_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  count: number;
}

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The web client: a development login under /json, then the session cookie and CSRF token on each call. */
class Browser {
  private constructor(
    private readonly target: Target,
    private readonly cookie: string,
    private readonly csrf: string,
  ) {}

  static async login(target: Target, email: string): Promise<Browser> {
    const res = await request(target)
      .post('/json/dev_login')
      .set('Cookie', 'csrftoken=anon')
      .set('X-CSRFToken', 'anon')
      .type('form')
      .send({ username: email });
    expect(res.status).toBe(200);
    const pairs = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
    const cookie = pairs.join('; ');
    return new Browser(target, cookie, /csrftoken=([^;]+)/.exec(cookie)![1]!);
  }

  call(method: 'get' | 'post' | 'patch', path: string, params: Json = {}) {
    const encoded = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const req = request(this.target)
      [method](`/json${path}`)
      .set('Cookie', this.cookie)
      .set('X-CSRFToken', this.csrf)
      .set('User-Agent', CHROME);
    return method === 'get' ? req.query(encoded) : req.type('form').send(encoded);
  }
}

type Caller = Pick<Browser, 'call'> | ApiClient;

/** A queue of `caller` and a reader for the events it gets. */
async function queueOf(caller: Caller) {
  const registered = await caller.call('post', '/register', { event_types: ['message', 'update_message'], apply_markdown: true });
  expect(registered.status).toBe(200);
  const queueId = registered.body.queue_id as string;
  let last = registered.body.last_event_id as number;
  const seen: Json[] = [];
  return async function next(match: (event: Json) => boolean): Promise<Json> {
    let found: Json | undefined;
    await waitFor(
      async () => {
        const res = await caller.call('get', '/events', { queue_id: queueId, last_event_id: last, dont_block: true });
        for (const event of res.body.events as Json[]) {
          last = Math.max(last, event.id as number);
          seen.push(event);
        }
        found = seen.find(match);
        return found !== undefined;
      },
      15_000,
      { stepMs: 50 },
    );
    return found!;
  };
}

const messageEvent = (id: number) => (e: Json) => e.type === 'message' && (e.message as { id: number }).id === id;

async function unreadOf(caller: Caller): Promise<UnreadMsgs> {
  const res = await caller.call('post', '/register', { fetch_event_types: ['message', 'update_message_flags'], event_types: ['message'] });
  expect(res.status).toBe(200);
  return res.body.unread_msgs as UnreadMsgs;
}

/** Where `id` is in unread_msgs, by section and key. */
function filedUnder(unread: UnreadMsgs, id: number): string[] {
  return [
    ...unread.pms.filter((p) => p.unread_message_ids.includes(id)).map((p) => `pm:${p.other_user_id}:${p.sender_id}`),
    ...unread.streams.filter((s) => s.unread_message_ids.includes(id)).map((s) => `stream:${s.topic}`),
    ...unread.huddles.filter((h) => h.unread_message_ids.includes(id)).map((h) => `huddle:${h.user_ids_string}`),
    ...(unread.mentions.includes(id) ? ['mention'] : []),
  ];
}

describeBothTopologies('message flags', (env) => {
  const ids: Record<string, number> = {};
  const api = (email: string, userAgent = 'ZulipPython/0.8.2 (Debian GNU/Linux; 12)') =>
    new ApiClient(env().target, { userAgent }).loginAs(email);
  const sent = async (caller: Caller, params: Json): Promise<number> => {
    const res = await caller.call('post', '/messages', params);
    expect(res.status).toBe(200);
    return res.body.id as number;
  };

  beforeAll(async () => {
    const rows = (await env().db.knex('users').select('id', 'email')) as { id: number; email: string }[];
    for (const row of rows) ids[row.email.split('@')[0]!.toLowerCase()] = row.id;
  });

  it("the web client's own messages are read for it: in its events, in GET /messages and in /register", async () => {
    const hamlet = await Browser.login(env().target, 'hamlet@zulip.com');
    const next = await queueOf(hamlet);
    const messages = [
      await sent(hamlet, { type: 'stream', to: 'Denmark', topic: 'from the web', content: 'hello' }),
      await sent(hamlet, { type: 'private', to: ['othello@zulip.com'], content: 'to othello' }),
      await sent(hamlet, { type: 'private', to: ['hamlet@zulip.com'], content: 'a note to myself' }),
      await sent(hamlet, { type: 'private', to: ['othello@zulip.com', 'iago@zulip.com'], content: 'to both' }),
    ];
    for (const id of messages) {
      expect((await next(messageEvent(id))).flags).toEqual(['read']);
      const fetched = await hamlet.call('get', '/messages', { anchor: id, num_before: 0, num_after: 0 });
      expect(fetched.body.messages[0]).toMatchObject({ id, client: 'website', flags: ['read'] });
    }
    const unread = await unreadOf(hamlet);
    for (const id of messages) expect({ id, filed: filedUnder(unread, id) }).toEqual({ id, filed: [] });
    // No phantom conversation with yourself.
    expect(unread.pms.filter((p) => p.other_user_id === ids.hamlet)).toEqual([]);
  });

  it.each([
    ["Zulip's Python bindings", 'ZulipPython/0.8.2 (Debian GNU/Linux; 12)', {}, false],
    ['zulip-terminal', 'ZulipTerminal/0.7.0 Linux-6.1.0 (Debian GNU/Linux; 12)', {}, true],
    ['the mobile app, with read_by_sender', 'ZulipFlutter/30.0.261+261 (Android 14)', { read_by_sender: true }, true],
    ['the mobile app on older servers', 'ZulipMobile/flutter', {}, true],
  ])('own messages from %s: read as Zulip decides, unread ones filed under the conversation', async (_label, userAgent, extra, read) => {
    const self = await api('cordelia@zulip.com', userAgent);
    const next = await queueOf(self);
    const toOthello = await sent(self, { type: 'private', to: ['othello@zulip.com'], content: `from ${userAgent}`, ...extra });
    const toMyself = await sent(self, { type: 'private', to: ['cordelia@zulip.com'], content: 'note', ...extra });
    const group = await sent(self, { type: 'private', to: ['othello@zulip.com', 'iago@zulip.com'], content: 'all three', ...extra });
    const flags = read ? ['read'] : [];
    for (const id of [toOthello, toMyself, group]) {
      expect((await next(messageEvent(id))).flags).toEqual(flags);
      expect((await self.call('get', '/messages', { anchor: id, num_before: 0, num_after: 0 })).body.messages[0]).toMatchObject({
        client: userAgent.split('/')[0],
        flags,
      });
    }
    const unread = await unreadOf(self);
    const members = [ids.cordelia!, ids.iago!, ids.othello!].sort((a, b) => a - b).join(',');
    expect([filedUnder(unread, toOthello), filedUnder(unread, toMyself), filedUnder(unread, group)]).toEqual(
      read ? [[], [], []] : [[`pm:${ids.othello}:${ids.othello}`], [`pm:${ids.cordelia}:${ids.cordelia}`], [`huddle:${members}`]],
    );
    // The recipient files it under the sender, as before.
    expect(filedUnder(await unreadOf(await api('othello@zulip.com')), toOthello)).toEqual([`pm:${ids.cordelia}:${ids.cordelia}`]);
    await self.call('post', '/mark_all_as_read');
  });

  it('wildcard mentions flag each recipient in the event, in GET /messages and in /register mentions, and edits re-evaluate them', async () => {
    const [hamlet, othello, iago] = await Promise.all([api('hamlet@zulip.com'), api('othello@zulip.com'), api('iago@zulip.com')]);
    const [othelloNext, iagoNext] = await Promise.all([queueOf(othello), queueOf(iago)]);
    const STREAM = ['stream_wildcard_mentioned', 'wildcard_mentioned'];
    const TOPIC = ['topic_wildcard_mentioned', 'wildcard_mentioned'];

    // The mobile app's exact syntax (zulip-flutter's wildcardMention at this server's level).
    const channel = await sent(hamlet, {
      type: 'stream',
      to: 'Denmark',
      topic: 'everyone here',
      content: '@**channel** the king is coming',
    });
    expect(await othelloNext(messageEvent(channel))).toMatchObject({
      flags: STREAM,
      message: {
        content: '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span> the king is coming</p>',
      },
    });
    expect((await othello.get('/messages', { anchor: channel, num_before: 0, num_after: 0 })).body.messages[0].flags).toEqual(STREAM);

    // Iago takes part in the topic, Othello does not.
    await sent(iago, { type: 'stream', to: 'Denmark', topic: 'battlements', content: 'cold tonight' });
    const topic = await sent(hamlet, { type: 'stream', to: 'Denmark', topic: 'Battlements', content: '@**topic** who goes there?' });
    expect(await iagoNext(messageEvent(topic))).toMatchObject({
      flags: TOPIC,
      message: { content: '<p><span class="topic-mention">@topic</span> who goes there?</p>' },
    });
    expect((await othelloNext(messageEvent(topic))).flags).toEqual([]);
    expect((await iago.get('/messages', { anchor: topic, num_before: 0, num_after: 0 })).body.messages[0].flags).toEqual(TOPIC);

    // A wildcard in a topic Othello muted is no mention of his to read.
    await othello.call('patch', '/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: 'muted place', op: 'add' });
    const muted = await sent(hamlet, { type: 'stream', to: 'Denmark', topic: 'muted place', content: '@**all** hear this' });
    expect((await othelloNext(messageEvent(muted))).flags).toEqual(STREAM);

    const othelloUnread = await unreadOf(othello);
    expect([channel, topic, muted].map((id) => othelloUnread.mentions.includes(id))).toEqual([true, false, false]);
    const iagoUnread = await unreadOf(iago);
    expect([channel, topic].map((id) => iagoUnread.mentions.includes(id))).toEqual([true, true]);

    // Editing @**topic** into @**channel** mentions Othello too; into plain text, nobody.
    expect((await hamlet.call('patch', `/messages/${topic}`, { content: '@**channel** who goes there?' })).status).toBe(200);
    const edited = (e: Json) => e.type === 'update_message' && e.message_id === topic;
    expect((await othelloNext(edited)).flags).toEqual(STREAM);
    expect((await othello.get('/messages', { anchor: topic, num_before: 0, num_after: 0 })).body.messages[0].flags).toEqual(STREAM);
    expect((await hamlet.call('patch', `/messages/${topic}`, { content: 'who goes there?' })).status).toBe(200);
    expect((await iago.get('/messages', { anchor: topic, num_before: 0, num_after: 0 })).body.messages[0].flags).toEqual([]);
    expect((await unreadOf(iago)).mentions).not.toContain(topic);
  });
});
