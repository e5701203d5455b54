/**
 * The empty topic (feature levels 334, 370, 372) in the message service: `""`, `(no topic)` and
 * the display name all store `""` on send, edit and typing unless the realm requires topics; the
 * reads show `""` only with allow_empty_topic_name; narrows by `""` or the display name find it.
 */
import { EMPTY_TOPIC_DISPLAY_NAME, type WireMessage } from '@chat/events';
import { composeMissedMessageMail } from '../src/missed-messages/compose';
import { createStream, eventsOf, expectValidEvent, fetchIds, sendOk, startHarness, type Harness } from './helpers';

type Json = Record<string, unknown>;

describe('empty topics', () => {
  let h: Harness;
  let denmark: number;
  beforeAll(async () => {
    h = await startHarness();
    denmark = (await h.db.knex('streams').where({ realm_id: h.realmId, name: 'Denmark' }).first('id')).id as number;
  });
  afterAll(() => h.close());

  const setTopicsRequired = (required: boolean) =>
    h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: h.db.knex.raw(`coalesce(settings, '{}'::jsonb) || ?::jsonb`, [JSON.stringify({ mandatory_topics: required })]) });
  const storedSubject = async (id: number) => ((await h.db.knex('messages').where({ id }).first('subject')) as { subject: string }).subject;
  const error = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  it.each(['', '   ', '(no topic)', EMPTY_TOPIC_DISPLAY_NAME, ` ${EMPTY_TOPIC_DISPLAY_NAME} `])(
    'a send to topic %j stores ""',
    async (topic) => {
      const notices = await h.noticesOf(() => sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: 'no topic' }));
      const message = notices.find((n) => n.kind === 'message');
      expect(message).toMatchObject({ message: { subject: '' } });
      expect(await storedSubject((message as { message: { id: number } }).message.id)).toBe('');
    },
  );

  it("refuses the empty topic, by any of its names, with 2.1's error where the realm requires topics", async () => {
    await setTopicsRequired(true);
    try {
      const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'named', content: 'x' });
      for (const topic of ['', '(no topic)', EMPTY_TOPIC_DISPLAY_NAME]) {
        const before = await h.db.knex('messages').count({ n: '*' }).first();
        const sent = await h.send('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: 'x' });
        expect({ status: sent.status, body: sent.body }).toEqual({ status: 400, body: error("Topic can't be empty") });
        expect(await h.db.knex('messages').count({ n: '*' }).first()).toEqual(before);
        expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { topic })).body).toEqual(error("Topic can't be empty"));
      }
      expect(await storedSubject(id)).toBe('named');
    } finally {
      await setTopicsRequired(false);
    }
  });

  it('an edit to "", (no topic) or the display name stores "" and its event says so; back to a name too', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'renamed away', content: 'x' });
    for (const topic of ['', 'named again', '(no topic)', 'and again', EMPTY_TOPIC_DISPLAY_NAME]) {
      const notices = await h.noticesOf(async () => {
        expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { topic })).body).toEqual({ result: 'success', msg: '' });
      });
      const expected = topic.startsWith('named') || topic.startsWith('and') ? topic : '';
      expect(await storedSubject(id)).toBe(expected);
      const [event] = eventsOf(notices);
      expectValidEvent(event!);
      expect(event).toMatchObject({ type: 'update_message', subject: expected });
    }
    // Anyone may retitle a message without a topic (as 2.1's "(no topic)" messages).
    expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'by othello' })).status).toBe(200);
  });

  it('typing in "(no topic)" or the display name is typing in "" (feature level 372)', async () => {
    for (const topic of ['', '(no topic)', EMPTY_TOPIC_DISPLAY_NAME]) {
      const notices = await h.noticesOf(async () => {
        const res = await h.post('hamlet@zulip.com', '/typing', { op: 'start', type: 'channel', stream_id: denmark, topic });
        expect(res.body).toEqual({ result: 'success', msg: '' });
      });
      const [event] = eventsOf(notices);
      expectValidEvent(event!);
      expect(event).toMatchObject({ type: 'typing', message_type: 'stream', stream_id: denmark, topic: '' });
    }
  });

  it('GET /messages, GET /messages/{id} and the history show "" only with allow_empty_topic_name', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'was named', content: 'reads' });
    await h.patch('hamlet@zulip.com', `/messages/${id}`, { topic: '' });
    const subjectOf = async (allow: boolean | undefined) => {
      const flag = allow === undefined ? {} : { allow_empty_topic_name: allow };
      const list = (await h.get('othello@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0, ...flag })).body;
      const one = (await h.get('othello@zulip.com', `/messages/${id}`, flag)).body;
      const history = (await h.get('othello@zulip.com', `/messages/${id}/history`, flag)).body.message_history as Json[];
      return {
        list: (list.messages as Json[])[0]!.subject,
        one: (one.message as Json).subject,
        history: history.map((v) => [v.topic, v.prev_topic]),
      };
    };
    const shown = EMPTY_TOPIC_DISPLAY_NAME;
    expect(await subjectOf(true)).toEqual({
      list: '',
      one: '',
      history: [
        ['was named', undefined],
        ['', 'was named'],
      ],
    });
    expect(await subjectOf(false)).toEqual({
      list: shown,
      one: shown,
      history: [
        ['was named', undefined],
        [shown, 'was named'],
      ],
    });
    expect(await subjectOf(undefined)).toEqual(await subjectOf(false));
  });

  it('a private message keeps its "" topic whatever the reader asked', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'private' });
    const list = (await h.get('othello@zulip.com', '/messages', { anchor: id, num_before: 0, num_after: 0 })).body.messages as Json[];
    expect(list[0]).toMatchObject({ id, subject: '' });
  });

  it('narrows by "" and by the display name find the empty topic, and no private message', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: '', content: 'narrowed' });
    const named = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'other', content: 'not in it' });
    const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'not in it either' });
    for (const operand of ['', EMPTY_TOPIC_DISPLAY_NAME]) {
      const ids = await fetchIds(h, 'othello@zulip.com', [{ operator: 'topic', operand }]);
      expect(ids).toContain(id);
      expect(ids).not.toContain(named);
      expect(ids).not.toContain(pm);
      const others = await fetchIds(h, 'othello@zulip.com', [{ operator: 'topic', operand, negated: true }]);
      expect(others).toEqual(expect.arrayContaining([named, pm]));
      expect(others).not.toContain(id);
    }
    // "(no topic)" names a topic of that name in a narrow, as in Zulip.
    expect(await fetchIds(h, 'othello@zulip.com', [{ operator: 'topic', operand: '(no topic)' }])).not.toContain(id);
  });

  it("a search's topic highlight for the empty topic is what its subject shows", async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: '', content: 'xylophone tune' });
    const found = async (allow: boolean) => {
      const query = { anchor: id, num_before: 0, num_after: 0, allow_empty_topic_name: allow };
      const body = (await h.get('othello@zulip.com', '/messages', { ...query, narrow: [{ operator: 'search', operand: 'xylophone' }] }))
        .body;
      return (body.messages as Json[]).map((m) => [m.subject, m.match_subject]);
    };
    expect(await found(true)).toEqual([['', '']]);
    expect(await found(false)).toEqual([[EMPTY_TOPIC_DISPLAY_NAME, EMPTY_TOPIC_DISPLAY_NAME]]);
    // GET /messages/matches_narrow has no allow_empty_topic_name: the display name, as for a 2.1 client.
    for (const narrow of [[{ operator: 'search', operand: 'xylophone' }], [{ operator: 'topic', operand: '' }]]) {
      const matched = (await h.get('othello@zulip.com', '/messages/matches_narrow', { msg_ids: [id], narrow })).body.messages as Record<
        string,
        Json
      >;
      expect(matched[String(id)]).toMatchObject({ match_subject: EMPTY_TOPIC_DISPLAY_NAME });
    }
  });

  it('marking as read and deleting the topic named by its display name reach the empty topic', async () => {
    const stream = await createStream(h, 'empty topic actions', { subscribers: ['hamlet@zulip.com', 'othello@zulip.com'] });
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'empty topic actions', topic: '', content: 'x' });
    const othello = await h.userId('othello@zulip.com');
    const flags = async () => (await h.db.knex('user_messages').where({ message_id: id, user_id: othello }).first('flags')).flags as number;
    expect((await flags()) & 1).toBe(0);
    const marked = await h.post('othello@zulip.com', '/mark_topic_as_read', { stream_id: stream.id, topic_name: EMPTY_TOPIC_DISPLAY_NAME });
    expect(marked.body).toEqual({ result: 'success', msg: '' });
    expect((await flags()) & 1).toBe(1);
    const deleted = await h.post('iago@zulip.com', `/streams/${stream.id}/delete_topic`, { topic_name: EMPTY_TOPIC_DISPLAY_NAME });
    expect(deleted.body).toMatchObject({ result: 'success' });
    expect(await h.db.knex('messages').where({ id }).first()).toBeUndefined();
  });

  it('a missed-message mail titles the empty topic by its display name', () => {
    const message = { type: 'stream', display_recipient: 'Denmark', stream_id: 1, subject: '', id: 1, sender_full_name: 'King Hamlet' };
    const mail = composeMissedMessageMail([message as unknown as WireMessage], {
      realmUrl: 'http://zulip.testserver',
      realmName: 'Zulip Dev',
      recipientId: 2,
      showContent: false,
    });
    expect(mail.text).toContain(`#Denmark > ${EMPTY_TOPIC_DISPLAY_NAME}`);
  });
});
