/**
 * The poll core both GET /events paths share: the express endpoint (../routes/events.ts) and the
 * plain node:http one (../routes/plain-events.ts). It parks the poll as this process's one poll on
 * its queue (../lib/polls.ts), waits (./get-events.ts), and makes the answer's text.
 */
import type { ServerResponse } from 'node:http';
import type { EventQueueDeps } from '../deps';
import { answerJson } from '../lib/answer-json';
import { pollEvents } from './get-events';

export interface PollQuery {
  queueId: string;
  lastEventId: number | undefined;
  dontBlock: boolean;
}

/**
 * GET /events on a queue: the answer's JSON text (../lib/answer-json.ts), or null when the client
 * left before the answer. `res` is watched only for the client going away.
 */
export async function answerPoll(deps: EventQueueDeps, query: PollQuery, userId: number, res: ServerResponse): Promise<string | null> {
  const { queueId } = query;
  const localPolls = deps.polls;
  const cancel = localPolls.begin(queueId);
  res.once('close', () => {
    if (!res.writableFinished) cancel.abort();
  });
  try {
    const result = await pollEvents(deps, { userId, queueId, lastEventId: query.lastEventId, dontBlock: query.dontBlock, signal: cancel });
    if (res.destroyed) return null;
    // Zulip's long-poll reply carries queue_id, an immediate one its handler_id.
    return answerJson(
      result.waited ? { events: result.events, queue_id: queueId } : { events: result.events, handler_id: localPolls.nextHandlerId() },
    );
  } finally {
    localPolls.end(queueId, cancel);
  }
}
