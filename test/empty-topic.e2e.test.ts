/**
 * The empty topic end to end (feature levels 334, 370, 372): queues that declared
 * `empty_topic_name` get `""` in message, update_message, typing, delete_message,
 * update_message_flags and user_topic events and in /register's unread_msgs and user_topics;
 * queues without it (and 2.1 clients, which declare nothing) get realm_empty_topic_display_name
 * instead, never `""`. Answers and events are checked against Zulip's current schemas.
 */
import { EMPTY_TOPIC_DISPLAY_NAME } from '@chat/events';
import { ApiClient, validateEvent, validateResponse, waitFor } from '@chat/testing';
import { REGISTER_SCHEMA_DIFFERENCES, withoutKnownDifferences } from './mobile-app.reference';
import { describeBothTopologies } from './topologies';

type Json = Record<string, unknown>;

const EVENT_TYPES = ['message', 'update_message', 'typing', 'delete_message', 'update_message_flags', 'user_topic', 'muted_topics'];
/** The capabilities both modern queues declare, so that only empty_topic_name tells them apart. */
const MODERN = { bulk_message_deletion: true, stream_typing_notifications: true };

/** Every topic-carrying value in an event or a state, wherever it sits, for the "never `""`" check. */
function topicsIn(value: unknown, key = ''): unknown[] {
  if (Array.isArray(value)) {
    // muted_topics entries are [stream, topic, time].
    if (key === 'muted_topics') return value.map((entry) => (entry as unknown[])[1]);
    return value.flatMap((item) => topicsIn(item, key));
  }
  if (value === null || typeof value !== 'object') return [];
  const record = value as Json;
  const own = ['subject', 'orig_subject', 'topic', 'topic_name'].filter((k) => k in record).map((k) => record[k]);
  // A private message's topic is "" in Zulip too: only channel messages are renamed.
  const isPrivate = record.type === 'private' || record.message_type === 'private';
  return [...(isPrivate ? [] : own), ...Object.entries(record).flatMap(([k, v]) => topicsIn(v, k))];
}

describeBothTopologies('empty topics end to end', (env) => {
  let hamlet: ApiClient;
  let othello: ApiClient;
  let iago: ApiClient;
  let denmarkId: number;

  beforeAll(async () => {
    hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    denmarkId = (await hamlet.get('/get_stream_id', { stream: 'Denmark' })).body.stream_id as number;
  });

  const register = async (capabilities: Json, params: Json = {}) =>
    (await hamlet.post('/register', { event_types: EVENT_TYPES, client_capabilities: capabilities, ...params })).body as Json;

  async function eventsOf(queue: Json, count: number): Promise<Json[]> {
    let events: Json[] = [];
    await waitFor(async () => {
      const body = (await hamlet.get('/events', { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).body as Json;
      expect(withoutKnownDifferences(validateResponse('GET /events', body), REGISTER_SCHEMA_DIFFERENCES)).toEqual([]);
      events = body.events as Json[];
      return events.length >= count;
    });
    return events;
  }

  const problems = (event: Json) => withoutKnownDifferences(validateEvent(event), REGISTER_SCHEMA_DIFFERENCES);

  it('/register says the display name and keeps realm_mandatory_topics', async () => {
    const body = (await hamlet.post('/register', { fetch_event_types: ['realm'] })).body as Json;
    expect(body).toMatchObject({ realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME, realm_mandatory_topics: false });
  });

  it('a realm that requires topics refuses the empty topic, set through PATCH /realm', async () => {
    expect((await iago.patch('/realm', { mandatory_topics: true })).body).toMatchObject({ result: 'success' });
    try {
      const body = (await hamlet.post('/register', { fetch_event_types: ['realm'] })).body as Json;
      expect(body).toMatchObject({ realm_mandatory_topics: true });
      for (const topic of ['', '(no topic)', EMPTY_TOPIC_DISPLAY_NAME]) {
        const sent = await hamlet.post('/messages', { type: 'channel', to: denmarkId, topic, content: 'refused' });
        expect(sent.body).toEqual({ result: 'error', msg: "Topic can't be empty", code: 'BAD_REQUEST' });
      }
    } finally {
      await iago.patch('/realm', { mandatory_topics: false });
    }
    expect((await hamlet.post('/messages', { type: 'channel', to: denmarkId, topic: '', content: 'allowed again' })).body).toMatchObject({
      result: 'success',
    });
  });

  it('each queue gets "" or the display name in every event about the empty topic, 2.1 queues never ""', async () => {
    const withName = await register({ ...MODERN, empty_topic_name: true });
    const withoutName = await register(MODERN);
    const plain = await register({});

    const sent = await othello.post('/messages', { type: 'channel', to: denmarkId, topic: '(no topic)', content: 'nameless' });
    expect(sent.body).toMatchObject({ result: 'success' });
    const id = sent.body.id as number;
    await othello.post('/typing', { op: 'start', type: 'channel', stream_id: denmarkId, topic: EMPTY_TOPIC_DISPLAY_NAME });
    expect((await othello.patch(`/messages/${id}`, { topic: 'Castle' })).body).toMatchObject({ result: 'success' });
    expect((await othello.patch(`/messages/${id}`, { topic: '' })).body).toMatchObject({ result: 'success' });
    await hamlet.post('/messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'read' });
    await hamlet.post('/messages/flags', { messages: JSON.stringify([id]), op: 'remove', flag: 'read' });
    await hamlet.post('/user_topics', { stream_id: denmarkId, topic: '', visibility_policy: 1 });
    expect((await iago.delete(`/messages/${id}`)).body).toMatchObject({ result: 'success' });

    const expectedTypes = ['message', 'typing', 'update_message', 'update_message', 'update_message_flags', 'update_message_flags'];
    const modern = await eventsOf(withName, 9);
    const older = await eventsOf(withoutName, 9);
    const topicOf = (events: Json[]) =>
      events.map((e) => {
        if (e.type === 'message') return [e.type, (e.message as Json).subject];
        if (e.type === 'update_message') return [e.type, e.orig_subject, e.subject];
        if (e.type === 'update_message_flags')
          return [e.type, e.op, e.message_details ? (Object.values(e.message_details)[0] as Json).topic : null];
        if (e.type === 'muted_topics') return [e.type, (e.muted_topics as unknown[][])[0]?.[1]];
        return [e.type, e.topic ?? e.topic_name];
      });
    const shown = EMPTY_TOPIC_DISPLAY_NAME;
    expect(modern.map((e) => e.type)).toEqual([...expectedTypes, 'muted_topics', 'user_topic', 'delete_message']);
    expect(topicOf(modern)).toEqual([
      ['message', ''],
      ['typing', ''],
      ['update_message', '', 'Castle'],
      ['update_message', 'Castle', ''],
      ['update_message_flags', 'add', null],
      ['update_message_flags', 'remove', ''],
      ['muted_topics', ''],
      ['user_topic', ''],
      ['delete_message', ''],
    ]);
    expect(topicOf(older)).toEqual([
      ['message', shown],
      ['typing', shown],
      ['update_message', shown, 'Castle'],
      ['update_message', 'Castle', shown],
      ['update_message_flags', 'add', null],
      ['update_message_flags', 'remove', shown],
      ['muted_topics', shown],
      ['user_topic', shown],
      ['delete_message', shown],
    ]);
    // A 2.1 queue: no typing in channels, one deletion event per message, and never "".
    const legacy = await eventsOf(plain, 8);
    expect(legacy.map((e) => e.type)).not.toContain('typing');
    expect(legacy.find((e) => e.type === 'delete_message')).toMatchObject({
      message_type: 'stream',
      topic: shown,
      sender: 'othello@zulip.com',
    });
    expect(topicsIn(legacy)).not.toContain('');
    expect(topicsIn(older)).not.toContain('');
    for (const event of [...modern, ...older, ...legacy]) expect({ event, problems: problems(event) }).toEqual({ event, problems: [] });
    await hamlet.post('/user_topics', { stream_id: denmarkId, topic: shown, visibility_policy: 0 });
  });

  it("a queue narrowed to the display name gets the empty topic's messages", async () => {
    const narrowed = await register(
      { empty_topic_name: true },
      {
        event_types: ['message'],
        narrow: [
          ['stream', 'Denmark'],
          ['topic', EMPTY_TOPIC_DISPLAY_NAME],
        ],
      },
    );
    await othello.post('/messages', { type: 'channel', to: denmarkId, topic: 'named', content: 'not for it' });
    await othello.post('/messages', { type: 'channel', to: denmarkId, topic: '', content: 'for it' });
    const [event] = await eventsOf(narrowed, 1);
    expect(event).toMatchObject({ type: 'message', message: { subject: '', content: 'for it' } });
  });

  it('/register\'s unread_msgs and user_topics carry "" only with the capability', async () => {
    const sent = await othello.post('/messages', { type: 'channel', to: denmarkId, topic: '', content: 'unread' });
    const id = sent.body.id as number;
    await hamlet.post('/user_topics', { stream_id: denmarkId, topic: '', visibility_policy: 3 });
    const fetch = ['message', 'update_message_flags', 'user_topic', 'realm'];
    const state = async (capabilities: Json, types = fetch) =>
      (await hamlet.post('/register', { fetch_event_types: types, client_capabilities: capabilities })).body as Json;
    const unreadTopic = (body: Json) =>
      ((body.unread_msgs as Json).streams as Json[]).find((s) => (s.unread_message_ids as number[]).includes(id))?.topic;
    const userTopic = (body: Json) => (body.user_topics as Json[]).find((t) => t.stream_id === denmarkId)?.topic_name;

    const withName = await state({ empty_topic_name: true });
    const withoutName = await state({});
    expect([unreadTopic(withName), userTopic(withName)]).toEqual(['', '']);
    expect([unreadTopic(withoutName), userTopic(withoutName)]).toEqual([EMPTY_TOPIC_DISPLAY_NAME, EMPTY_TOPIC_DISPLAY_NAME]);
    const legacyMuted = await state({}, ['muted_topics']);
    expect(topicsIn(withoutName)).not.toContain('');
    expect(topicsIn(legacyMuted)).not.toContain('');
    for (const body of [withName, withoutName]) {
      expect(withoutKnownDifferences(validateResponse('POST /register', body), REGISTER_SCHEMA_DIFFERENCES)).toEqual([]);
    }
    await hamlet.post('/user_topics', { stream_id: denmarkId, topic: '', visibility_policy: 0 });
  });

  it('the stream topics list shows "" only with allow_empty_topic_name', async () => {
    await othello.post('/messages', { type: 'channel', to: denmarkId, topic: '', content: 'listed' });
    const names = async (query: Json) => {
      const body = (await hamlet.get(`/users/me/${denmarkId}/topics`, query)).body as Json;
      expect(validateResponse('GET /users/me/{stream_id}/topics', body)).toEqual([]);
      return (body.topics as Json[]).map((t) => t.name);
    };
    expect(await names({ allow_empty_topic_name: true })).toContain('');
    const without = await names({});
    expect(without).toContain(EMPTY_TOPIC_DISPLAY_NAME);
    expect(without).not.toContain('');
    expect(await names({ allow_empty_topic_name: false })).toEqual(without);
  });

  it("GET /messages answers in Zulip's shape with and without allow_empty_topic_name", async () => {
    for (const allow of [true, false]) {
      const body = (
        await hamlet.get('/messages', {
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: JSON.stringify([{ operator: 'topic', operand: '' }]),
          allow_empty_topic_name: allow,
        })
      ).body as Json;
      expect(withoutKnownDifferences(validateResponse('GET /messages', body), REGISTER_SCHEMA_DIFFERENCES)).toEqual([]);
      const subjects = new Set((body.messages as Json[]).map((m) => m.subject));
      expect([...subjects]).toEqual([allow ? '' : EMPTY_TOPIC_DISPLAY_NAME]);
    }
  });
});
