/**
 * Moving a topic to another stream as clients see it, in both topologies: the queues of users on
 * each side receive Zulip's events (update_message, delete_message in the form their queue
 * declared, Notification Bot's notices), and resolving a topic posts its notice.
 */
import request from 'supertest';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Target = Parameters<typeof request>[0];
type Event = Record<string, unknown>;

const login = (target: Target, email: string) => new ApiClient(target, { userAgent: 'ZulipPython/0.6' }).loginAs(email);

/** A queue and a reader that waits until an event matching `match` arrived, keeping the others. */
async function queueOf(client: ApiClient, capabilities: Record<string, boolean> = {}) {
  const registered = await client.call('post', '/register', { client_capabilities: capabilities });
  const queueId: string = registered.body.queue_id;
  let last: number = registered.body.last_event_id;
  const seen: Event[] = [];
  const poll = async () => {
    const res = await client.call('get', '/events', { queue_id: queueId, last_event_id: last, dont_block: true });
    for (const event of res.body.events as Event[]) {
      last = Math.max(last, event.id as number);
      seen.push(event);
    }
  };
  return {
    async next(match: (e: Event) => boolean): Promise<Event> {
      let found: Event | undefined;
      await waitFor(
        async () => {
          await poll();
          found = seen.find(match);
          return found !== undefined;
        },
        10000,
        { stepMs: 50 },
      );
      return found!;
    },
    /** Every event so far (after a final read). */
    async all(): Promise<Event[]> {
      await poll();
      return seen;
    },
  };
}

const isType = (type: string) => (e: Event) => e.type === type;
const botMessage = (text: RegExp) => (e: Event) =>
  e.type === 'message' &&
  (e.message as Event).sender_email === 'notification-bot@zulip.com' &&
  text.test((e.message as Event).content as string);

describeBothTopologies('moving messages between streams', (env) => {
  let hamlet: ApiClient;
  let othello: ApiClient;
  let iago: ApiClient;
  let cordelia: ApiClient;

  beforeAll(async () => {
    const target = env().target;
    [hamlet, othello, iago, cordelia] = await Promise.all([
      login(target, 'hamlet@zulip.com'),
      login(target, 'othello@zulip.com'),
      login(target, 'iago@zulip.com'),
      login(target, 'cordelia@zulip.com'),
    ]);
  });

  async function streamId(name: string): Promise<number> {
    return (await hamlet.call('get', '/get_stream_id', { stream: name })).body.stream_id as number;
  }

  it('into a private stream: each side hears of it as Zulip says, and Notification Bot tells both threads', async () => {
    const subscribe = (name: string, principals: string[], inviteOnly: boolean) =>
      hamlet.call('post', '/users/me/subscriptions', { subscriptions: [{ name }], principals, invite_only: inviteOnly });
    expect((await subscribe('Move from', ['hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com'], false)).body.result).toBe(
      'success',
    );
    expect((await subscribe('Move to', ['hamlet@zulip.com', 'iago@zulip.com'], true)).body.result).toBe('success');
    const [from, to] = [await streamId('Move from'), await streamId('Move to')];
    const ids: number[] = [];
    for (const content of ['one', 'two']) {
      ids.push((await hamlet.call('post', '/messages', { type: 'stream', to: 'Move from', topic: 'plans', content })).body.id as number);
    }

    const [othelloQueue, cordeliaQueue, iagoQueue] = await Promise.all([
      queueOf(othello, { bulk_message_deletion: true }),
      queueOf(cordelia),
      queueOf(iago),
    ]);
    const moved = await hamlet.call('patch', `/messages/${ids[0]}`, {
      stream_id: to,
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
    });
    expect(moved.body).toEqual({ result: 'success', msg: '' });

    // othello (bulk deletion) and cordelia (2.1's one event per message) lose the messages.
    expect(await othelloQueue.next(isType('delete_message'))).toEqual({
      type: 'delete_message',
      id: expect.any(Number),
      message_ids: ids,
      message_type: 'stream',
      stream_id: from,
      topic: 'plans',
    });
    for (const id of ids) {
      expect(await cordeliaQueue.next((e) => e.type === 'delete_message' && e.message_id === id)).toMatchObject({
        stream_id: from,
        topic: 'plans',
        sender: 'hamlet@zulip.com',
      });
    }
    // iago, subscribed to the private stream, gets the move as read, and the new thread's notice.
    expect(await iagoQueue.next(isType('update_message'))).toMatchObject({
      message_ids: ids,
      stream_id: from,
      new_stream_id: to,
      orig_subject: 'plans',
      propagate_mode: 'change_all',
      flags: ['read'],
    });
    const hamletId = (await hamlet.call('get', '/users/me')).body.user_id as number;
    const here = await iagoQueue.next(botMessage(/moved here/));
    expect((here.message as Event).content).toBe(`This topic was moved here from #**Move from>plans** by @_**King Hamlet|${hamletId}**.`);
    // Those who stayed behind read where it went.
    const gone = await othelloQueue.next(botMessage(/was moved to/));
    expect((gone.message as Event).content).toBe(`This topic was moved to #**Move to>plans** by @_**King Hamlet|${hamletId}**.`);
    expect((await othelloQueue.all()).filter(isType('update_message'))).toEqual([]);

    const fetched = await iago.call('get', `/messages/${ids[1]}`);
    expect(fetched.body.message).toMatchObject({ stream_id: to, last_moved_timestamp: expect.any(Number) });
    expect((await othello.call('get', `/messages/${ids[1]}`)).body.msg).toBe('Invalid message(s)');
  });

  it('resolving a topic: the topic edit event and the notice', async () => {
    const id = (await hamlet.call('post', '/messages', { type: 'stream', to: 'Denmark', topic: 'leak', content: 'drip' })).body.id;
    const queue = await queueOf(othello);
    const resolved = await othello.call('patch', `/messages/${id}`, {
      topic: '✔ leak',
      propagate_mode: 'change_all',
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: true,
    });
    expect(resolved.body).toEqual({ result: 'success', msg: '' });
    expect(await queue.next(isType('update_message'))).toMatchObject({ orig_subject: 'leak', subject: '✔ leak' });
    const notice = await queue.next(botMessage(/marked this topic/));
    const othelloId = (await othello.call('get', '/users/me')).body.user_id as number;
    expect(notice.message).toMatchObject({
      subject: '✔ leak',
      content: `@_**Othello, the Moor of Venice|${othelloId}** has marked this topic as resolved.`,
    });
    expect(notice.flags).toContain('read');
  });
});
