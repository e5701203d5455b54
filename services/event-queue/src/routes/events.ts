import { badEventQueueId, plainError } from '@chat/errors';
import { eventQueueEndpoints as api, type ParamValues } from '@chat/contracts';
import { declaredCapabilities } from '@chat/events';
import { clientName, implement, RESPONDED } from '@chat/http';
import { answerPoll } from '../actions/answer-poll';
import { endQueue } from '../actions/queue-gone';
import { allocateQueue, registerQueue, type RegisterRequest } from '../actions/register';
import { usersWithMessageQueues } from '../queries/message-queues';
import type { EventQueueDeps } from '../deps';

/** What /register takes, which GET /events also takes to register implicitly. */
type RegisterParams = ParamValues<(typeof api)['register']['params']>;

function registerRequest(
  params: RegisterParams,
  identity: { userId: number; realmId: number; isGuest: boolean },
  client: string,
): RegisterRequest {
  return {
    userId: identity.userId,
    realmId: identity.realmId,
    clientName: client,
    applyMarkdown: params.apply_markdown,
    clientGravatar: params.client_gravatar,
    allPublicStreams: params.all_public_streams,
    includeSubscribers: params.include_subscribers,
    isGuest: identity.isGuest,
    eventTypes: params.event_types ?? null,
    fetchEventTypes: params.fetch_event_types ?? null,
    narrow: params.narrow,
    lifespanSecs: params.queue_lifespan_secs,
    capabilities: declaredCapabilities(params.client_capabilities),
    slimPresence: params.slim_presence,
  };
}

export function eventEndpoints(deps: EventQueueDeps) {
  return [
    implement(api.register, ({ params, identity, req }) => registerQueue(deps, registerRequest(params, identity, clientName(req)))),
    implement(api.getEvents, async ({ params, identity, req, res }) => {
      if (params.queue_id === undefined) {
        if (!params.dont_block) throw plainError("Missing 'queue_id' argument");
        const queue = await allocateQueue(deps, registerRequest(params, identity, clientName(req)));
        return { events: [], queue_id: queue.id, handler_id: deps.polls.nextHandlerId() };
      }
      const query = { queueId: params.queue_id, lastEventId: params.last_event_id, dontBlock: params.dont_block };
      const answer = await answerPoll(deps, query, identity.userId, res);
      // The text is sendSuccess's, made with each message body serialized once per process.
      if (answer !== null) res.status(200).type('application/json').send(answer);
      return RESPONDED;
    }),
    implement(api.deleteQueue, async ({ params, identity }) => {
      const queue = await deps.store.get(params.queue_id);
      if (!queue) throw badEventQueueId(params.queue_id);
      if (queue.userId !== identity.userId) throw plainError('You are not authorized to access this queue');
      deps.polls.finish(queue.id);
      await endQueue(deps, queue);
      return {};
    }),
    implement(api.usersWithMessageQueues, async ({ params }) => ({ user_ids: await usersWithMessageQueues(deps.store, params.user_ids) })),
  ];
}
