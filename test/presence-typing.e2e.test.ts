/**
 * Issue 11, items 1 and 2, through the gateway in both topologies: render, matches_narrow,
 * stream members, topic deletion, typing, presence and user status. Each change is seen as an
 * event in another user's queue; responses the Zulip 2.1 OpenAPI document describes are
 * validated against it.
 */
import request from 'supertest';
import { ApiClient, waitFor, zulipOpenApi } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Json = Record<string, unknown>;
type Target = Parameters<typeof request>[0];

const login = (target: Target, email: string) => new ApiClient(target).loginAs(email);

const openApi = zulipOpenApi();

/** Validates a success body against the document's 200 schema, every documented key required. */
function expectMatchesOpenApi(path: string, method: string, body: unknown): void {
  openApi.expectMatches(path, method, body);
}

type Client = ApiClient;
type Event = Json & { type: string };

describeBothTopologies('reading state, presence and typing', (env) => {
  let hamlet: Client;
  let othello: Client;
  let iago: Client;
  let queueId: string;
  let seen: Event[] = [];

  /** Waits until hamlet's queue holds an event matching `match`, and returns it. */
  async function eventFor(match: (e: Event) => boolean): Promise<Event> {
    await waitFor(async () => {
      const res = await hamlet.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      seen = res.body.events as Event[];
      return seen.some(match);
    }, 10000);
    return seen.find(match)!;
  }

  beforeAll(async () => {
    hamlet = await login(env().target, 'hamlet@zulip.com');
    othello = await login(env().target, 'othello@zulip.com');
    iago = await login(env().target, 'iago@zulip.com');
    const queue = await hamlet.post('/register', { event_types: ['message', 'delete_message', 'typing', 'presence', 'user_status'] });
    expect(queue.status).toBe(200);
    queueId = queue.body.queue_id as string;
  });

  it('renders a preview without sending', async () => {
    const res = await othello.post('/messages/render', { content: '**foo**' });
    expect(res.body).toEqual({ result: 'success', msg: '', rendered: '<p><strong>foo</strong></p>' });
    expectMatchesOpenApi('/messages/render', 'post', res.body);
    expect((await othello.post('/messages/render', {})).body).toEqual({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'content' argument",
      result: 'error',
      var_name: 'content',
    });
  });

  it('tells which received messages match a narrow', async () => {
    const sent = await othello.post('/messages', { type: 'private', to: 'hamlet@zulip.com', content: 'a ghost on the walls' });
    const id = sent.body.id as number;
    await eventFor((e) => e.type === 'message' && (e.message as Json).id === id);
    const res = await hamlet.get('/messages/matches_narrow', { msg_ids: [id], narrow: [['search', 'ghost']] });
    expect(res.body.result).toBe('success');
    expect(res.body.messages[String(id)].match_content).toContain('<span class="highlight">ghost</span>');
    const none = await hamlet.get('/messages/matches_narrow', { msg_ids: [id], narrow: [['is', 'starred']] });
    expect(none.body).toEqual({ result: 'success', msg: '', messages: {} });
  });

  it("lists a stream's members and lets an administrator delete a topic", async () => {
    const streamId = (await hamlet.get('/get_stream_id', { stream: 'Denmark' })).body.stream_id as number;
    const members = await othello.get(`/streams/${streamId}/members`);
    expect(members.body.result).toBe('success');
    expect(members.body.subscribers).toContain('hamlet@zulip.com');
    const topic = `doomed ${env().name}`;
    const sent = await iago.post('/messages', { type: 'stream', to: 'Denmark', topic, content: 'soon gone' });
    expect(sent.body.result).toBe('success');
    expect((await hamlet.post(`/streams/${streamId}/delete_topic`, { topic_name: topic })).body.msg).toBe(
      'Must be an organization administrator',
    );
    expect((await iago.post(`/streams/${streamId}/delete_topic`, { topic_name: topic })).body).toEqual({ result: 'success', msg: '' });
    const deleted = await eventFor((e) => e.type === 'delete_message' && e.message_id === sent.body.id);
    expect(deleted).toMatchObject({ sender: 'iago@zulip.com', message_type: 'stream', stream_id: streamId, topic });
  });

  it('sends typing notifications to the other side of the conversation', async () => {
    const res = await othello.post('/typing', { op: 'start', to: ['hamlet@zulip.com'] });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expectMatchesOpenApi('/typing', 'post', res.body);
    const event = await eventFor((e) => e.type === 'typing' && e.op === 'start');
    expect((event.sender as Json).email).toBe('othello@zulip.com');
    expect((event.recipients as Json[]).map((r) => r.email).sort()).toEqual(['hamlet@zulip.com', 'othello@zulip.com']);
    expect((await othello.post('/typing', { op: 'start' })).body.msg).toBe("Missing parameter: 'to' (recipient)");
  });

  it('records presence, announces a new client and serves the realm and one user', async () => {
    const client = `e2e-${env().name}`;
    const res = await othello.post('/users/me/presence', { status: 'active', new_user_input: true, client });
    expect(res.body).toMatchObject({ result: 'success', msg: '', server_timestamp: expect.any(Number) });
    expect(res.body.presences['othello@zulip.com'][client]).toMatchObject({ status: 'active', client });
    const event = await eventFor((e) => e.type === 'presence' && e.email === 'othello@zulip.com');
    expect(event.presence).toEqual({ [client]: { client, status: 'active', timestamp: expect.any(Number), pushable: false } });
    const realm = await hamlet.get('/realm/presence');
    expect(realm.body.presences['othello@zulip.com'].aggregated).toMatchObject({ status: 'active' });
    const one = await hamlet.get('/users/othello@zulip.com/presence');
    expect(one.body.presence.aggregated.status).toBe('active');
    expectMatchesOpenApi('/users/{email}/presence', 'get', one.body);
    expect((await othello.post('/users/me/presence', { status: 'gone' })).body.msg).toBe('Invalid status: gone');
  });

  it('sets a user status that others hear of', async () => {
    const res = await othello.post('/users/me/status', { away: true, status_text: 'at sea' });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const event = await eventFor((e) => e.type === 'user_status');
    expect(event).toMatchObject({ away: true, status_text: 'at sea' });
    const state = await hamlet.post('/register', { event_types: ['user_status'] });
    expect(Object.values(state.body.user_status as Json)).toContainEqual({ away: true, status_text: 'at sea' });
    expect((await othello.post('/users/me/status', {})).body).toEqual({ result: 'error', msg: 'Client did not pass any new values.' });
  });
});
