/**
 * The vertical slice as a client sees it, run unchanged against the embedded app and the
 * distributed gateway: a message hamlet sends to Denmark reaches othello's long-poll.
 */
import request from 'supertest';
import { ApiClient, waitFor } from '@chat/testing';

/** An app to call in-process, or a server's URL. */
export type Target = Parameters<typeof request>[0];

/** `pollParked(queueId)`: whether a long-poll is parked on the queue, in the topology under test. */
export async function runSliceScenario(
  target: Target,
  pollParked: (queueId: string) => boolean | Promise<boolean>,
): Promise<{ messageId: number }> {
  const settings = await request(target).get('/api/v1/server_settings');
  expect(settings.status).toBe(200);
  expect(settings.body).toMatchObject({ result: 'success', msg: '', zulip_version: '10.0', realm_name: 'Zulip Dev' });
  expect(settings.text.endsWith('\n')).toBe(true);

  const hamlet = await new ApiClient(target).loginAs('hamlet@zulip.com');
  const othello = await new ApiClient(target).loginAs('othello@zulip.com');

  const me = await hamlet.get('/users/me');
  expect(me.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com', full_name: 'King Hamlet', is_admin: false });

  const registered = await othello.post('/register', { event_types: ['message'] });
  expect(registered.status).toBe(200);
  expect(registered.body.last_event_id).toBe(-1);
  const queueId: string = registered.body.queue_id;

  const empty = await othello.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
  expect(empty.body).toMatchObject({ result: 'success', events: [] });

  const longPoll = othello.get('/events', { queue_id: queueId, last_event_id: -1 }).then((res) => res);
  // The poll parks before the send, so the event arrives through the wake-up path.
  await waitFor(() => pollParked(queueId), 5_000, { what: 'the long-poll parked' });

  const sent = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', subject: 'Castle', content: 'Hello, *Othello*' });
  expect(sent.status).toBe(200);
  expect(sent.body).toMatchObject({ result: 'success', msg: '' });
  const messageId: number = sent.body.id;

  const polled = await longPoll;
  expect(polled.status).toBe(200);
  expect(polled.body.queue_id).toBe(queueId);
  expect(polled.body.events).toHaveLength(1);
  const [event] = polled.body.events;
  expect(event).toMatchObject({
    type: 'message',
    id: 0,
    flags: [],
    message: {
      id: messageId,
      type: 'stream',
      display_recipient: 'Denmark',
      subject: 'Castle',
      content: 'Hello, *Othello*',
      content_type: 'text/x-markdown',
      sender_email: 'hamlet@zulip.com',
      sender_full_name: 'King Hamlet',
      sender_realm_str: 'zulip',
      client: expect.any(String),
    },
  });

  const acknowledged = await othello.get('/events', { queue_id: queueId, last_event_id: 0, dont_block: true });
  expect(acknowledged.body.events).toEqual([]);

  const fetched = await hamlet.get('/messages', { anchor: messageId, num_before: 0, num_after: 0 });
  expect(fetched.body).toMatchObject({ result: 'success', found_anchor: true, anchor: messageId });
  expect(fetched.body.messages).toHaveLength(1);
  expect(fetched.body.messages[0]).toMatchObject({ id: messageId, content_type: 'text/html', subject: 'Castle' });

  const meAfter = await othello.get('/users/me');
  expect(meAfter.body.max_message_id).toBe(messageId);

  const anonymous = await request(target).get('/api/v1/users/me');
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers['www-authenticate']).toBe('Basic realm="zulip"');
  expect(anonymous.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required' });

  return { messageId };
}
