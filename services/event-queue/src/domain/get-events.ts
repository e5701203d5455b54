/**
 * GET /events (Zulip's fetch_events): prune what the client acknowledged, return what is left, or
 * park the request until an event arrives or the heartbeat is due. A parked request costs a
 * closure and a timer here and a channel subscription on the process's one Redis subscriber.
 */
import { badEventQueueId, badRequest, plainError } from '@chat/errors';
import type { QueuedEvent } from '@chat/queue-store';
import type { EventQueueDeps } from '../app';

/**
 * Zulip's HEARTBEAT_MIN_FREQ_SECS (45) plus up to 10 s of jitter, so heartbeats do not align;
 * EVENT_HEARTBEAT_SECS fixes it instead.
 */
export function heartbeatDelayMs(fixedSecs: number | null = null): number {
  if (fixedSecs !== null) return fixedSecs * 1000;
  return (45 + Math.floor(Math.random() * 11)) * 1000;
}

export interface PollRequest {
  userId: number;
  queueId: string;
  lastEventId: number | undefined;
  dontBlock: boolean;
  /** Aborted when the client goes away or a newer poll on the same queue takes over. */
  signal: AbortSignal;
}

export interface PollResult {
  events: QueuedEvent[];
  /** True when the answer came after waiting (Zulip's long-poll reply carries queue_id then). */
  waited: boolean;
}

async function fetchOnce(deps: EventQueueDeps, queueId: string, lastEventId: number): Promise<QueuedEvent[]> {
  const result = await deps.store.fetch(queueId, lastEventId);
  switch (result.kind) {
    case 'ok':
      return result.events;
    case 'no-queue':
      throw badEventQueueId(queueId);
    case 'pruned-past':
      throw badRequest(`An event newer than ${result.newestPrunedId} has already been pruned!`);
    case 'not-in-queue':
      throw badRequest(`Event ${lastEventId} was not in this queue`);
  }
}

export async function pollEvents(deps: EventQueueDeps, request: PollRequest): Promise<PollResult> {
  const queue = await deps.store.get(request.queueId);
  if (!queue) throw badEventQueueId(request.queueId);
  if (queue.userId !== request.userId) throw plainError('You are not authorized to get events from this queue');
  if (request.lastEventId === undefined) throw badRequest("Missing 'last_event_id' argument");
  const lastEventId = request.lastEventId;
  await deps.store.touch(queue.id, Date.now());
  // A poll parked earlier on this queue, on any replica, answers now with what it has.
  await deps.store.interrupt(queue.id);

  const events = await fetchOnce(deps, queue.id, lastEventId);
  if (events.length > 0 || request.dontBlock) return { events, waited: false };

  const outcome = await deps.store.waitForEvent(queue.id, deps.heartbeatMs?.() ?? heartbeatDelayMs(deps.config.heartbeatSecs), request.signal);
  if (outcome === 'timeout') {
    // The heartbeat goes through the queue like any event, so it has an id to acknowledge.
    await deps.store.append([{ queueId: queue.id, event: { type: 'heartbeat' } }]);
  }
  await deps.store.touch(queue.id, Date.now());
  return { events: await fetchOnce(deps, queue.id, lastEventId), waited: true };
}
