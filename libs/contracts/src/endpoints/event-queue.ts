/** The event-queue service: registering an event queue, polling it and deleting it. */
import { declareEndpoints } from '../contract';
import * as p from '../params';
import { Type } from '@sinclair/typebox';
import { registerAnswer } from './register-answer';
import { intList } from '../validators';

const stringList = { type: 'array', items: { type: 'string' } };

/** The parameters of /register, also accepted by GET /events to register implicitly. */
const registerParams = {
  apply_markdown: p.bool({ default: false, description: 'Whether message events carry rendered HTML (true) or Markdown (false).' }),
  client_gravatar: p.bool({
    default: false,
    description: 'Whether `avatar_url` is left null for users on Gravatar, for the client to compute.',
  }),
  all_public_streams: p.bool({
    default: false,
    description: "Whether the queue also gets the messages of public streams the caller isn't subscribed to.",
  }),
  include_subscribers: p.bool({ default: false, description: "Whether the state's streams list their subscribers." }),
  event_types: p.json<string[]>({
    schema: stringList,
    description: 'The event types the queue receives; absent: all of them.',
    example: ['message'],
  }),
  fetch_event_types: p.json<string[]>({
    schema: stringList,
    description: 'The parts of the initial state to fetch, by event type; absent: those of `event_types`.',
    example: ['message', 'realm_user'],
    sample: false,
  }),
  narrow: p.json<unknown>({
    schema: { type: 'array' },
    description: 'Restricts message events to a narrow, as `[[operator, operand]]` pairs.',
    example: [['stream', 'Denmark']],
    sample: false,
  }),
  queue_lifespan_secs: p.int({
    default: 0,
    description: "How long the queue may stay unpolled before it is collected; 0: the server's default (10 minutes).",
  }),
  // An object of capability names: unknown names are a newer client's and are ignored.
  client_capabilities: p.json<Record<string, unknown>>({
    schema: { type: 'object' },
    description: 'Newer event shapes the client understands, by name (e.g. `notification_settings_null`); unknown names are ignored.',
    example: { notification_settings_null: true },
    sample: false,
  }),
  // Presences keyed by user id in the modern shape (Zulip's slim_presence).
  slim_presence: p.bool({ default: false, description: 'Whether presences are keyed by user id (the newer shape) rather than e-mail.' }),
};

export const eventQueueEndpoints = declareEndpoints('event-queue', {
  register: {
    method: 'POST',
    path: '/register',
    auth: 'user',
    summary: 'Create an event queue and fetch the initial state it starts from',
    description:
      'Creates an event queue for the caller and returns the state it starts from (the parts `fetch_event_types` names), ' +
      'so a client can apply each later event from GET /events to that state without missing any. The queue is collected ' +
      'after 10 minutes without a poll.',
    python: 'register(**request)',
    params: registerParams,
    // The state's keys depend on fetch_event_types.
    success: registerAnswer,
  },
  getEvents: {
    method: 'GET',
    path: '/events',
    auth: 'user',
    summary: 'Long-poll a queue for the events after last_event_id (or register one with dont_block)',
    description:
      "Returns the queue's events after `last_event_id`, which acknowledges those before it. Without `dont_block` it waits " +
      'until there is one, or answers a `heartbeat` after about a minute. A collected queue is refused with ' +
      '`BAD_EVENT_QUEUE_ID`: register again. Without a `queue_id` it registers a queue from the register parameters.',
    python: 'get_events(**request)',
    params: {
      queue_id: p.string({ description: 'The queue, from POST /register.', example: '1375801870:2942' }),
      last_event_id: p.int({ description: 'The id of the last event the client has applied.', example: -1 }),
      dont_block: p.bool({ default: false, description: 'Whether to answer at once, even with no events.' }),
      ...registerParams,
    },
    // A long-poll's reply carries queue_id, an immediate one handler_id.
    success: {
      events: ['array', 'The events, by increasing id (ids are not always consecutive).'],
      queue_id: ['string?', 'The queue polled.'],
      handler_id: ['integer?', 'Given by an immediate answer.'],
    },
  },
  deleteQueue: {
    method: 'DELETE',
    path: '/events',
    auth: 'user',
    summary: 'Delete an event queue',
    description: "Deletes one of the caller's queues, when a client closes, instead of waiting for it to be collected.",
    python: 'deregister(queue_id)',
    params: { queue_id: p.string({ required: true, description: 'The queue to delete.', example: '1375801870:2942' }) },
    success: {},
  },
  /**
   * Zulip's receiver_is_off_zulip, asked by the message service before it notifies: of these
   * users, those with an event queue that accepts messages (on any replica: the queues are in the
   * shared store). The gateway never routes /internal.
   */
  usersWithMessageQueues: {
    method: 'POST',
    path: '/internal/queues/present',
    auth: 'service',
    summary: 'Which of these users have an event queue that accepts messages',
    description: "Not routed by the gateway: the message service's check that a recipient is away before notifying them.",
    params: { user_ids: p.custom(intList, { required: true, description: 'The users to look at.', example: [9, 10] }) },
    success: Type.Object({ user_ids: Type.Array(Type.Integer(), { description: 'Those of them with such a queue.' }) }),
  },
});
