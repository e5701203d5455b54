/**
 * The message service's main scenarios as a client sees them, in both topologies: private and
 * group messages reach the recipients' queues with their flags; fetch with narrows and search;
 * flags, edits, reactions and deletes arrive as events.
 */
import request from 'supertest';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Target = Parameters<typeof request>[0];

const login = (target: Target, email: string) => new ApiClient(target, { userAgent: 'ZulipPython/0.6' }).loginAs(email);

/** A Zulip API client with every verb the message endpoints use. */

type Client = ApiClient;

/** Registers a queue and returns a reader that waits for events of a type. */
async function queueOf(client: Client) {
  const registered = await client.call('post', '/register', {});
  const queueId: string = registered.body.queue_id;
  let last: number = registered.body.last_event_id;
  const seen: Record<string, unknown>[] = [];
  return {
    async next(type: string, match: (e: Record<string, unknown>) => boolean = () => true) {
      let found: Record<string, unknown> | undefined;
      await waitFor(
        async () => {
          const res = await client.call('get', '/events', { queue_id: queueId, last_event_id: last, dont_block: true });
          for (const event of res.body.events as Record<string, unknown>[]) {
            last = Math.max(last, event.id as number);
            seen.push(event);
          }
          const index = seen.findIndex((e) => e.type === type && match(e));
          if (index >= 0) found = seen.splice(index, 1)[0];
          return found !== undefined;
        },
        10000,
        { stepMs: 50 },
      );
      return found!;
    },
  };
}

describeBothTopologies('messages', (env) => {
  let hamlet: Client;
  let othello: Client;
  let iago: Client;
  let cordelia: Client;

  beforeAll(async () => {
    const target = env().target;
    [hamlet, othello, iago, cordelia] = await Promise.all([
      login(target, 'hamlet@zulip.com'),
      login(target, 'othello@zulip.com'),
      login(target, 'iago@zulip.com'),
      login(target, 'cordelia@zulip.com'),
    ]);
  });

  it('delivers 1:1 and group private messages with flags, and fetches them by pm-with', async () => {
    const queue = await queueOf(othello);
    const sent = await hamlet.call('post', '/messages', { type: 'private', to: ['othello@zulip.com'], content: 'psst' });
    expect(sent.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const event = await queue.next('message', (e) => (e.message as { id: number }).id === sent.body.id);
    expect(event).toMatchObject({ flags: [], message: { type: 'private', subject: '', content: 'psst' } });
    expect((event.message as { display_recipient: { email: string }[] }).display_recipient.map((u) => u.email)).toEqual([
      'hamlet@zulip.com',
      'othello@zulip.com',
    ]);

    const group = await hamlet.call('post', '/messages', { type: 'private', to: 'othello@zulip.com,iago@zulip.com', content: 'all of us' });
    await queue.next('message', (e) => (e.message as { id: number }).id === group.body.id);

    const fetched = await othello.call('get', '/messages', {
      anchor: 0,
      num_before: 0,
      num_after: 50,
      narrow: [['pm-with', 'hamlet@zulip.com']],
    });
    expect(fetched.body.messages.map((m: { id: number }) => m.id)).toEqual([sent.body.id]);
    const huddle = await iago.call('get', '/messages', {
      anchor: 0,
      num_before: 0,
      num_after: 50,
      narrow: [['group-pm-with', 'hamlet@zulip.com']],
    });
    expect(huddle.body.messages.map((m: { id: number }) => m.id)).toEqual([group.body.id]);
    const notMine = await cordelia.call('get', '/messages', { anchor: 0, num_before: 0, num_after: 50, narrow: [['is', 'private']] });
    expect(notMine.body.messages).toEqual([]);
  });

  it('searches a public stream history for a non-subscriber with highlights', async () => {
    const sent = await hamlet.call('post', '/messages', {
      type: 'stream',
      to: 'Denmark',
      topic: 'ramparts',
      content: 'The ghost walks tonight',
    });
    const res = await cordelia.call('get', '/messages', {
      anchor: 0,
      num_before: 0,
      num_after: 50,
      narrow: [
        { operator: 'stream', operand: 'Denmark' },
        { operator: 'search', operand: 'walking ghosts' },
      ],
    });
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([sent.body.id]);
    expect(res.body.messages[0].flags).toEqual(['read', 'historical']);
    expect(res.body.messages[0].match_content).toContain('<span class="highlight">ghost</span>');
  });

  it('flags, edits, reactions and deletes arrive as events', async () => {
    const queue = await queueOf(othello);
    const sent = await hamlet.call('post', '/messages', { type: 'stream', to: 'Denmark', topic: 'events', content: 'before' });
    const id: number = sent.body.id;
    await queue.next('message', (e) => (e.message as { id: number }).id === id);

    expect((await othello.call('post', '/messages/flags', { messages: [id], op: 'add', flag: 'starred' })).body).toEqual({
      result: 'success',
      msg: '',
      messages: [id],
    });
    expect(await queue.next('update_message_flags')).toMatchObject({ operation: 'add', flag: 'starred', messages: [id], all: false });

    expect((await hamlet.call('patch', `/messages/${id}`, { content: 'after', topic: 'renamed' })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await queue.next('update_message')).toMatchObject({
      message_id: id,
      content: 'after',
      subject: 'renamed',
      orig_subject: 'events',
      flags: ['starred'],
    });
    const history = await othello.call('get', `/messages/${id}/history`);
    expect(history.body.message_history.map((s: { content: string }) => s.content)).toEqual(['before', 'after']);

    expect((await iago.call('post', `/messages/${id}/reactions`, { emoji_name: 'joy' })).body).toEqual({ result: 'success', msg: '' });
    expect(await queue.next('reaction')).toMatchObject({ op: 'add', message_id: id, emoji_code: '1f602' });

    expect((await hamlet.call('delete', `/messages/${id}`)).body).toEqual({
      result: 'error',
      msg: "You don't have permission to delete this message",
      code: 'BAD_REQUEST',
    });
    expect((await iago.call('delete', `/messages/${id}`)).body).toEqual({ result: 'success', msg: '' });
    expect(await queue.next('delete_message')).toMatchObject({ message_id: id, message_type: 'stream', topic: 'renamed' });
    expect((await othello.call('get', `/messages/${id}/history`)).body).toEqual({
      result: 'error',
      msg: 'Invalid message(s)',
      code: 'BAD_REQUEST',
    });
  });
});
