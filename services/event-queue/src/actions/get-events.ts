/**
 * GET /events (Zulip's fetch_events): prune what the client acknowledged, return what is left, or
 * park the request until an event arrives or the heartbeat is due. A parked request costs a
 * closure and a timer here and a channel subscription on the process's one Redis subscriber.
 */
import { badEventQueueId, badRequest, plainError } from '@chat/errors';
import type { EventOf } from '@chat/events';
import type { PollResult as StorePollResult, QueuedEvent, WaitSignal } from '@chat/queue-store';
import type { EventQueueDeps } from '../deps';

/**
 * Zulip's HEARTBEAT_MIN_FREQ_SECS (45) plus up to 10 s of jitter, so heartbeats do not align;
 * EVENT_HEARTBEAT_SECS fixes it instead.
 */
export function heartbeatDelayMs(fixedSecs: number | null = null): number {
  if (fixedSecs !== null) return fixedSecs * 1000;
  return (MIN_HEARTBEAT_SECS + Math.floor(Math.random() * (MAX_HEARTBEAT_SECS - MIN_HEARTBEAT_SECS + 1))) * 1000;
}

const MIN_HEARTBEAT_SECS = 45;
export const MAX_HEARTBEAT_SECS = 55;

export interface PollRequest {
  userId: number;
  queueId: string;
  lastEventId: number | undefined;
  dontBlock: boolean;
  /** Aborted when the client goes away or a newer poll on the same queue takes over. */
  signal: WaitSignal;
}

export interface PollResult {
  events: QueuedEvent[];
  /** True when the answer came after waiting (Zulip's long-poll reply carries queue_id then). */
  waited: boolean;
}

/** The events a poll step found, or Zulip's error for why there are none to give. */
function eventsOf(result: StorePollResult, queueId: string, lastEventId: number): QueuedEvent[] {
  switch (result.kind) {
    case 'ok':
      return result.events;
    case 'no-queue':
      throw badEventQueueId(queueId);
    case 'not-owner':
      throw plainError('You are not authorized to get events from this queue');
    case 'pruned-past':
      throw badRequest(`An event newer than ${result.newestPrunedId} has already been pruned!`);
    case 'not-in-queue':
      throw badRequest(`Event ${lastEventId} was not in this queue`);
  }
}

/** Zulip checks the queue and its owner before it asks for last_event_id. */
async function missingLastEventId(deps: EventQueueDeps, request: PollRequest): Promise<never> {
  const queue = await deps.store.get(request.queueId);
  if (!queue) throw badEventQueueId(request.queueId);
  if (queue.userId !== request.userId) throw plainError('You are not authorized to get events from this queue');
  throw badRequest("Missing 'last_event_id' argument");
}

export async function pollEvents(deps: EventQueueDeps, request: PollRequest): Promise<PollResult> {
  if (request.lastEventId === undefined) return missingLastEventId(deps, request);
  const { queueId, lastEventId } = request;
  // One store call: owner check, touch, wake the poll parked before on this queue (on any
  // replica: it answers now with what it has), prune and fetch.
  const first = await deps.store.poll(queueId, { lastEventId, userId: request.userId, now: Date.now(), interrupt: true });
  const events = eventsOf(first, queueId, lastEventId);
  if (events.length > 0 || request.dontBlock) return { events, waited: false };

  const outcome = await deps.store.waitForEvent(
    queueId,
    deps.heartbeatMs?.() ?? heartbeatDelayMs(deps.config.heartbeatSecs),
    request.signal,
  );
  if (outcome === 'timeout') {
    // The heartbeat goes through the queue like any event, so it has an id to acknowledge.
    const heartbeat: EventOf<'heartbeat'> = { type: 'heartbeat' };
    await deps.store.append([{ queueId, event: heartbeat }]);
  }
  const after = await deps.store.poll(queueId, { lastEventId, now: Date.now() });
  return { events: eventsOf(after, queueId, lastEventId), waited: true };
}
