/**
 * Streams and subscriptions as a client sees them, against the embedded app and the distributed
 * gateway: subscribe (creating a stream), list, properties, muted topics, topics, the event a
 * subscriber's queue receives, access errors, unsubscribe and deactivation.
 */
import request from 'supertest';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Target = Parameters<typeof request>[0];

const login = (target: Target, email: string) => new ApiClient(target).loginAs(email);

describeBothTopologies('streams and subscriptions', (env) => {
  it("lands Notification Bot's notices before the request that caused them answers", async () => {
    const hamlet = await login(env().target, 'hamlet@zulip.com');
    const iago = await login(env().target, 'iago@zulip.com');
    // No wait of any kind between the requests: a client that creates a stream and posts at once.
    expect((await hamlet.post('/users/me/subscriptions', { subscriptions: [{ name: 'created then posted' }] })).status).toBe(200);
    const posted = await hamlet.post('/messages', { type: 'stream', to: 'created then posted', topic: 'first', content: 'My first words' });
    expect(posted.status).toBe(200);
    const narrow = [{ operator: 'stream', operand: 'created then posted' }];
    const fetched = await hamlet.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 10, narrow });
    const seen = (fetched.body.messages as { id: number; sender_email: string; content: string }[]).map((m) => [m.sender_email, m.content]);
    expect(seen).toEqual([
      ['notification-bot@zulip.com', expect.stringContaining('Stream created by')],
      ['hamlet@zulip.com', '<p>My first words</p>'],
    ]);

    // A rename's notice too, before the next request.
    const streamId = (await hamlet.get('/get_stream_id', { stream: 'created then posted' })).body.stream_id as number;
    expect((await iago.patch(`/streams/${streamId}`, { new_name: JSON.stringify('renamed at once') })).status).toBe(200);
    const after = await hamlet.get('/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'renamed at once' }],
    });
    expect(after.body.messages[0]).toMatchObject({
      sender_email: 'notification-bot@zulip.com',
      content: expect.stringContaining('renamed stream'),
    });
  });

  it('runs the subscription scenarios of Zulip API clients', async () => {
    const { target } = env();
    const iago = await login(target, 'iago@zulip.com');
    const cordelia = await login(target, 'cordelia@zulip.com');
    const polonius = await login(target, 'polonius@zulip.com');

    const queue = await cordelia.post('/register', { event_types: ['subscription', 'stream'] });
    expect(queue.status).toBe(200);

    const created = await iago.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'new stream', description: 'New stream for testing' }],
    });
    expect(created.body).toEqual({ result: 'success', msg: '', subscribed: { 'iago@zulip.com': ['new stream'] }, already_subscribed: {} });
    const invited = await iago.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'new stream' }],
      principals: ['cordelia@zulip.com'],
    });
    expect(invited.body.subscribed).toEqual({ 'cordelia@zulip.com': ['new stream'] });
    const again = await iago.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'new stream' }],
      principals: ['cordelia@zulip.com'],
    });
    expect(again.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: {},
      already_subscribed: { 'cordelia@zulip.com': ['new stream'] },
    });

    // Cordelia's queue hears of the new stream and of her subscription.
    let events: { type: string; op: string; subscriptions?: { name: string }[] }[] = [];
    await waitFor(async () => {
      const res = await cordelia.get('/events', { queue_id: queue.body.queue_id, last_event_id: -1, dont_block: true });
      events = res.body.events ?? [];
      return events.some((e) => e.type === 'subscription' && e.op === 'add');
    }, 10000);
    expect(events.find((e) => e.type === 'stream' && e.op === 'create')).toBeDefined();
    expect(events.find((e) => e.type === 'subscription' && e.op === 'add')!.subscriptions![0]!.name).toBe('new stream');

    const mine = await cordelia.get('/users/me/subscriptions', { include_subscribers: true });
    const listed = mine.body.subscriptions.find((s: { name: string }) => s.name === 'new stream');
    expect(listed).toMatchObject({
      description: 'New stream for testing',
      subscribers: ['cordelia@zulip.com', 'iago@zulip.com'],
      in_home_view: true,
    });

    const id = await iago.get('/get_stream_id', { stream: 'new stream' });
    const streamId: number = id.body.stream_id;
    expect(streamId).toEqual(listed.stream_id);
    expect((await iago.get('/get_stream_id', { stream: 'nonexistent' })).status).toBe(400);

    const streams = await iago.get('/streams');
    expect(streams.body.streams.find((s: { name: string }) => s.name === 'new stream')).toMatchObject({
      description: 'New stream for testing',
    });
    expect((await iago.get('/streams', { include_public: false })).body.streams).toHaveLength(4);

    // Notification Bot posted "Stream created by" through the message service.
    const topics = await iago.get(`/users/me/${streamId}/topics`);
    expect(topics.body.topics).toEqual([{ name: 'stream events', max_id: expect.any(Number) }]);

    expect((await iago.patch(`/streams/${streamId}`, { is_announcement_only: true })).body).toEqual({ result: 'success', msg: '' });

    const properties = await cordelia.post('/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: streamId, property: 'pin_to_top', value: true },
        { stream_id: streamId, property: 'color', value: '#f00' },
      ],
    });
    expect(properties.body.subscription_data).toHaveLength(2);

    expect(
      (await cordelia.patch('/users/me/subscriptions/muted_topics', { stream: 'new stream', topic: 'boat party', op: 'add' })).body,
    ).toEqual({
      result: 'success',
      msg: '',
    });
    expect(
      (await cordelia.patch('/users/me/subscriptions/muted_topics', { stream: 'new stream', topic: 'boat party', op: 'add' })).body,
    ).toEqual({
      result: 'error',
      msg: 'Topic already muted',
    });
    expect(
      (await cordelia.patch('/users/me/subscriptions/muted_topics', { stream_id: streamId, topic: 'boat party', op: 'remove' })).status,
    ).toBe(200);
    expect(
      (await cordelia.patch('/users/me/subscriptions/muted_topics', { stream_id: streamId, topic: 'boat party', op: 'remove' })).body,
    ).toEqual({
      result: 'error',
      msg: 'Topic is not muted',
    });

    const guestAll = await polonius.get('/streams', { include_all_active: true });
    expect(guestAll.body).toEqual({ code: 'BAD_REQUEST', msg: 'User not authorized for this query', result: 'error' });

    await iago.post('/users/me/subscriptions', { subscriptions: [{ name: 'private_stream' }], invite_only: true });
    const notFatal = await polonius.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'private_stream' }],
      authorization_errors_fatal: false,
    });
    expect(notFatal.body).toEqual({ result: 'success', msg: '', subscribed: {}, already_subscribed: {}, unauthorized: ['private_stream'] });
    const fatal = await polonius.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'private_stream' }],
      authorization_errors_fatal: true,
    });
    expect(fatal.body).toEqual({ result: 'error', msg: 'Unable to access stream (private_stream).' });

    const removed = await iago.delete('/users/me/subscriptions', { subscriptions: ['new stream'] });
    expect(removed.body).toEqual({ result: 'success', msg: '', removed: ['new stream'], not_removed: [] });
    const notRemoved = await iago.delete('/users/me/subscriptions', { subscriptions: ['new stream'] });
    expect(notRemoved.body).toEqual({ result: 'success', msg: '', removed: [], not_removed: ['new stream'] });
    const missing = await iago.delete('/users/me/subscriptions', { subscriptions: ['nonexistent_stream'] });
    expect(missing.body).toEqual({
      result: 'error',
      msg: "Stream 'nonexistent_stream' does not exist",
      code: 'STREAM_DOES_NOT_EXIST',
      stream: 'nonexistent_stream',
    });
    const others = await cordelia.delete('/users/me/subscriptions', { subscriptions: ['Verona'], principals: ['hamlet@zulip.com'] });
    expect(others.body).toEqual({ result: 'error', msg: 'This action requires administrative rights' });

    expect((await iago.delete(`/streams/${streamId}`)).body).toEqual({ result: 'success', msg: '' });
    expect((await cordelia.get('/users/me/subscriptions')).body.subscriptions.map((s: { name: string }) => s.name)).not.toContain(
      'new stream',
    );
  });
});
