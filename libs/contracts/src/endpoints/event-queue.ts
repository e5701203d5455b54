/** The event-queue service: registering an event queue, polling it and deleting it. */
import { declareEndpoints } from '../contract';
import * as p from '../params';

const stringList = { type: 'array', items: { type: 'string' } };

/** The parameters of /register, also accepted by GET /events to register implicitly. */
const registerParams = {
  apply_markdown: p.bool({ default: false }),
  client_gravatar: p.bool({ default: false }),
  all_public_streams: p.bool({ default: false }),
  include_subscribers: p.bool({ default: false }),
  event_types: p.json<string[]>({ schema: stringList }),
  fetch_event_types: p.json<string[]>({ schema: stringList }),
  narrow: p.json<unknown>({ schema: { type: 'array' } }),
  queue_lifespan_secs: p.int({ default: 0 }),
  // An object of capability names: unknown names are a newer client's and are ignored.
  client_capabilities: p.json<Record<string, unknown>>({ schema: { type: 'object' } }),
  // Presences keyed by user id in the modern shape (Zulip's slim_presence).
  slim_presence: p.bool({ default: false }),
};

export const eventQueueEndpoints = declareEndpoints('event-queue', {
  register: {
    method: 'POST',
    path: '/register',
    auth: 'user',
    summary: 'Create an event queue and fetch the initial state it starts from',
    params: registerParams,
    // The state's keys depend on fetch_event_types.
    success: { queue_id: 'string', last_event_id: 'integer', '*': 'any' },
  },
  getEvents: {
    method: 'GET',
    path: '/events',
    auth: 'user',
    summary: 'Long-poll a queue for the events after last_event_id (or register one with dont_block)',
    params: {
      queue_id: p.string(),
      last_event_id: p.int(),
      dont_block: p.bool({ default: false }),
      ...registerParams,
    },
    // A long-poll's reply carries queue_id, an immediate one handler_id.
    success: { events: 'array', queue_id: 'string?', handler_id: 'integer?' },
  },
  deleteQueue: {
    method: 'DELETE',
    path: '/events',
    auth: 'user',
    summary: 'Delete an event queue',
    params: { queue_id: p.string({ required: true }) },
    success: {},
  },
});
