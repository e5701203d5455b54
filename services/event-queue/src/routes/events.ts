import { badEventQueueId, plainError } from '@chat/errors';
import { clientName, defineEndpoint, p, RESPONDED, sendSuccess, type ParamSpecs } from '@chat/http';
import type { EventQueueDeps } from '../app';
import { pollEvents } from '../domain/get-events';
import { allocateQueue, registerQueue, type RegisterRequest } from '../domain/register';

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
} satisfies ParamSpecs;

type RegisterParams = {
  [K in keyof typeof registerParams]: unknown;
};

function registerRequest(
  params: RegisterParams,
  identity: { userId: number; realmId: number },
  client: string,
): RegisterRequest {
  return {
    userId: identity.userId,
    realmId: identity.realmId,
    clientName: client,
    applyMarkdown: params.apply_markdown === true,
    clientGravatar: params.client_gravatar === true,
    allPublicStreams: params.all_public_streams === true,
    includeSubscribers: params.include_subscribers === true,
    eventTypes: (params.event_types as string[] | undefined) ?? null,
    fetchEventTypes: (params.fetch_event_types as string[] | undefined) ?? null,
    narrow: params.narrow,
    lifespanSecs: (params.queue_lifespan_secs as number | undefined) ?? 0,
  };
}

export function eventEndpoints(deps: EventQueueDeps) {
  const localPolls = deps.polls;
  let handlerIds = 0;

  return [
    defineEndpoint({
      method: 'POST',
      path: '/register',
      auth: 'user',
      params: registerParams,
      handler: ({ params, identity, req }) => registerQueue(deps, registerRequest(params, identity, clientName(req))),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/events',
      auth: 'user',
      params: {
        queue_id: p.string(),
        last_event_id: p.int(),
        dont_block: p.bool({ default: false }),
        ...registerParams,
      },
      handler: async ({ params, identity, req, res }) => {
        if (params.queue_id === undefined) {
          if (!params.dont_block) throw plainError("Missing 'queue_id' argument");
          const queue = await allocateQueue(deps, registerRequest(params, identity, clientName(req)));
          return { events: [], queue_id: queue.id, handler_id: handlerIds++ };
        }
        const queueId = params.queue_id;
        const controller = localPolls.begin(queueId);
        res.on('close', () => {
          if (!res.writableFinished) controller.abort();
        });
        try {
          const result = await pollEvents(deps, {
            userId: identity.userId,
            queueId,
            lastEventId: params.last_event_id,
            dontBlock: params.dont_block,
            signal: controller.signal,
          });
          if (res.destroyed) return RESPONDED;
          if (result.waited) sendSuccess(res, { events: result.events, queue_id: queueId });
          else sendSuccess(res, { events: result.events, handler_id: handlerIds++ });
          return RESPONDED;
        } finally {
          localPolls.end(queueId, controller);
        }
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/events',
      auth: 'user',
      params: { queue_id: p.string({ required: true }) },
      handler: async ({ params, identity }) => {
        const queue = await deps.store.get(params.queue_id);
        if (!queue) throw badEventQueueId(params.queue_id);
        if (queue.userId !== identity.userId) throw plainError('You are not authorized to access this queue');
        localPolls.finish(queue.id);
        await deps.store.delete(queue.id);
        return {};
      },
    }),
  ];
}
