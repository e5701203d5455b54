/**
 * Archived streams as Zulip 10.0 (feature level 371) serves them, in both topologies: DELETE
 * /streams/{id} archives a stream under its name; its history stays readable, by name and by id,
 * to whoever could read it (a public stream's to every member, a private one's only to those who
 * could read it); nothing is posted to it; clients that declared `archived_channels` find it in
 * /register's subscription lists with `is_archived`, the others (2.1's included) see it removed;
 * both get `stream` `delete` on archiving and `stream` `create` on unarchiving, as Zulip sent them
 * up to level 377. Events and answers are checked against Zulip's current schemas.
 */
import { ApiClient, validateEvent, validateResponse, waitForValue } from '@chat/testing';
import { describeBothTopologies } from './topologies';
import { REGISTER_SCHEMA_DIFFERENCES, withoutKnownDifferences } from './mobile-app.reference';

type Json = Record<string, unknown>;

describeBothTopologies('archived streams', (env) => {
  let hamlet: ApiClient;
  let othello: ApiClient;
  let cordelia: ApiClient;
  let polonius: ApiClient;
  let iago: ApiClient;

  beforeAll(async () => {
    const login = (name: string) => new ApiClient(env().target).loginAs(`${name}@zulip.com`);
    hamlet = await login('hamlet');
    othello = await login('othello');
    cordelia = await login('cordelia');
    polonius = await login('polonius');
    iago = await login('iago');
  });

  const streamIdOf = async (name: string) => ((await iago.get('/get_stream_id', { stream: name })).body as { stream_id: number }).stream_id;
  const register = async (client: ApiClient, archived: boolean, params: Json = {}) =>
    (await client.post('/register', { ...params, client_capabilities: archived ? { archived_channels: true } : {} })).body as Json;
  const names = (list: unknown) => (list as Json[]).map((s) => s.name);
  const narrowed = async (client: ApiClient, operand: string | number) => {
    const res = await client.get('/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'stream', operand }],
    });
    expect(res.body).toMatchObject({ result: 'success' });
    return (res.body.messages as Json[]).map((m) => m.content);
  };

  const eventsOf = (client: ApiClient, queue: Json, count: number) => client.events(queue.queue_id as string, count);

  const DIFFERENCES = [
    ...REGISTER_SCHEMA_DIFFERENCES,
    {
      pattern: /^\/streams\/0: unexpected property/,
      why: "stream delete carries whole stream dicts as up to level 377; Zulip's current schema keeps only stream_id there",
    },
  ];
  const schemaProblems = (event: Json) => withoutKnownDifferences(validateEvent(event), DIFFERENCES);

  it('keeps a public stream readable by name and id to former subscribers and members, and refuses posts', async () => {
    await hamlet.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'old news' }],
      principals: ['hamlet@zulip.com', 'othello@zulip.com'],
    });
    const id = await streamIdOf('old news');
    const sent = await hamlet.post('/messages', { type: 'stream', to: 'old news', topic: 'history', content: 'Kept for later' });
    const messageId = sent.body.id as number;
    await othello.delete('/users/me/subscriptions', { subscriptions: ['old news'] });
    const queues = {
      with: await register(hamlet, true, { event_types: ['stream'] }),
      without: await register(hamlet, false, { event_types: ['stream'] }),
    };

    expect((await iago.delete(`/streams/${id}`)).body).toEqual({ result: 'success', msg: '' });

    // Every client gets the same `stream` `delete`, with or without the capability (level 371).
    const declared = await eventsOf(hamlet, queues.with, 1);
    const legacy = await eventsOf(hamlet, queues.without, 1);
    expect(declared).toEqual(legacy);
    expect(declared).toEqual([
      {
        type: 'stream',
        op: 'delete',
        id: 0,
        stream_ids: [id],
        streams: [expect.objectContaining({ stream_id: id, name: 'old news', is_archived: true })],
      },
    ]);
    expect(schemaProblems(declared[0]!)).toEqual([]);

    // Notification Bot says so in the stream, read for everyone (Zulip's archived_channel_notice).
    const latest = await waitForValue(async () => {
      const res = await hamlet.get('/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'stream', operand: id }],
      });
      const [last] = res.body.messages as Json[];
      return last?.sender_email === 'notification-bot@zulip.com' ? last : undefined;
    });
    expect(latest).toMatchObject({ content: '<p>Channel old news has been archived.</p>', subject: 'stream events' });
    expect(latest.flags).toContain('read');

    const kept = ['<p>Kept for later</p>'];
    for (const reader of [hamlet, othello, cordelia]) {
      expect(await narrowed(reader, 'old news')).toEqual(expect.arrayContaining(kept));
      expect(await narrowed(reader, id)).toEqual(expect.arrayContaining(kept));
    }
    // A guest never read a public stream it is not in; archiving changes nothing there.
    expect(await narrowed(polonius, id)).toEqual([]);
    expect((await cordelia.get(`/messages/${messageId}`)).body).toMatchObject({ result: 'success', message: { content: kept[0] } });
    expect((await polonius.get(`/messages/${messageId}`)).body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });

    const refused = { result: 'error', msg: "Not authorized to send to channel 'old news'", code: 'BAD_REQUEST' };
    expect((await hamlet.post('/messages', { type: 'stream', to: 'old news', topic: 'more', content: 'x' })).body).toEqual(refused);
    expect((await iago.post('/messages', { type: 'stream', to: JSON.stringify(id), topic: 'more', content: 'x' })).body).toEqual(refused);
    // Its messages can no longer change.
    const reaction = await hamlet.post(`/messages/${messageId}/reactions`, { emoji_name: 'octopus' });
    expect(reaction.body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
    expect((await hamlet.patch(`/messages/${messageId}`, { content: 'changed' })).body).toMatchObject({ msg: 'Invalid message(s)' });
  });

  it('keeps a private stream readable only to those who could read it', async () => {
    await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'back room' }], invite_only: true });
    const sent = await hamlet.post('/messages', { type: 'stream', to: 'back room', topic: 'secret', content: 'Between us' });
    const id = ((await hamlet.get('/get_stream_id', { stream: 'back room' })).body as { stream_id: number }).stream_id;
    expect((await iago.delete(`/streams/${id}`)).body).toEqual({ result: 'success', msg: '' });

    expect(await narrowed(hamlet, 'back room')).toContain('<p>Between us</p>');
    expect(await narrowed(hamlet, id)).toContain('<p>Between us</p>');
    for (const outsider of [cordelia, iago]) {
      expect(await narrowed(outsider, id)).toEqual([]);
      expect((await outsider.get(`/messages/${sent.body.id as number}`)).body).toMatchObject({
        result: 'error',
        msg: 'Invalid message(s)',
      });
    }
  });

  it('lists archived streams in /register only for clients that declared archived_channels', async () => {
    await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'shelved' }] });
    const id = await streamIdOf('shelved');
    await iago.delete(`/streams/${id}`);
    const archived = expect.objectContaining({ stream_id: id, name: 'shelved', is_archived: true });

    const declared = await register(hamlet, true, { fetch_event_types: ['subscription', 'stream'] });
    const legacy = await register(hamlet, false, { fetch_event_types: ['subscription', 'stream'] });
    expect(declared.subscriptions).toContainEqual(archived);
    expect(names(legacy.subscriptions)).not.toContain('shelved');
    // `streams` lists archived streams for nobody at level 371 (Zulip added them at 378).
    for (const state of [declared, legacy]) expect(names(state.streams)).not.toContain('shelved');
    expect(declared.subscriptions).toContainEqual(expect.objectContaining({ name: 'Denmark', is_archived: false }));

    // A member never subscribed finds it in never_subscribed (level 362) only with the capability.
    const member = await register(cordelia, true, { fetch_event_types: ['subscription'] });
    expect(member.never_subscribed).toContainEqual(archived);
    expect(names((await register(cordelia, false, { fetch_event_types: ['subscription'] })).never_subscribed)).not.toContain('shelved');

    // The REST lists: GET /users/me/subscriptions leaves it out; GET /streams only on request.
    const listed = (await hamlet.get('/users/me/subscriptions')).body;
    expect(names(listed.subscriptions)).not.toContain('shelved');
    expect(withoutKnownDifferences(validateResponse('GET /users/me/subscriptions', listed), REGISTER_SCHEMA_DIFFERENCES)).toEqual([]);
    expect(names((await hamlet.get('/streams')).body.streams)).not.toContain('shelved');
    // GET /streams/{id} (level 132) finds it, archived, for anyone who may see it (level 315).
    expect((await cordelia.get(`/streams/${id}`)).body).toMatchObject({ result: 'success', stream: { stream_id: id, is_archived: true } });
    expect((await polonius.get(`/streams/${id}`)).body).toMatchObject({ result: 'error', msg: 'Invalid stream id' });
    const all = await hamlet.get('/streams', { exclude_archived: false });
    expect(all.body.streams).toContainEqual(archived);
    for (const stream of all.body.streams as Json[]) expect(typeof stream.is_archived).toBe('boolean');
  });

  it('subscribes to an archived stream by name (level 362) without creating another', async () => {
    await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'closed club' }] });
    const id = await streamIdOf('closed club');
    await iago.delete(`/streams/${id}`);
    const queue = await register(cordelia, true, { event_types: ['subscription'] });
    expect((await cordelia.post('/users/me/subscriptions', { subscriptions: [{ name: 'closed club' }] })).body).toMatchObject({
      result: 'success',
      subscribed: { 'cordelia@zulip.com': ['closed club'] },
    });
    expect(await streamIdOf('closed club')).toBe(id);
    const [added] = await eventsOf(cordelia, queue, 1);
    expect(added).toMatchObject({ type: 'subscription', op: 'add', subscriptions: [{ stream_id: id, is_archived: true }] });
    expect(schemaProblems(added!)).toEqual([]);
  });

  it('unarchives with PATCH is_archived=false: stream create to every client, posting again', async () => {
    await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'revived' }] });
    const id = await streamIdOf('revived');
    await iago.delete(`/streams/${id}`);
    const queues = {
      with: await register(hamlet, true, { event_types: ['stream'] }),
      without: await register(hamlet, false, { event_types: ['stream'] }),
    };
    expect((await iago.patch(`/streams/${id}`, { is_archived: false })).body).toEqual({ result: 'success', msg: '' });

    const declared = await eventsOf(hamlet, queues.with, 1);
    expect(declared).toEqual(await eventsOf(hamlet, queues.without, 1));
    expect(declared).toEqual([
      { type: 'stream', op: 'create', id: 0, streams: [expect.objectContaining({ stream_id: id, name: 'revived', is_archived: false })] },
    ]);
    expect(schemaProblems(declared[0]!)).toEqual([]);
    const [notice] = (
      await hamlet.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'stream', operand: id }] })
    ).body.messages as Json[];
    expect(notice).toMatchObject({ sender_email: 'notification-bot@zulip.com', content: '<p>Channel revived un-archived.</p>' });
    expect((await hamlet.post('/messages', { type: 'stream', to: 'revived', topic: 'again', content: 'Back' })).body).toMatchObject({
      result: 'success',
    });
    const state = await register(hamlet, false, { fetch_event_types: ['subscription', 'stream'] });
    expect(state.subscriptions).toContainEqual(expect.objectContaining({ stream_id: id, is_archived: false }));
    expect(names(state.streams)).toContain('revived');
  });
});
