/**
 * The event queue: register, long-poll, re-register when the queue is gone (then catch the open
 * narrow up), and apply each batch of events to the state.
 */
import { eventQueueEndpoints } from '@chat/contracts';
import { ApiCallError, api } from '../../api';
import { isRecord } from '../../lib/read';
import { applyEvent, stateFromRegister } from '../../lib/state';
import type { AppState, ServerEvent } from '../../lib/types';
import { app, patchUi, ui } from '../../store';
import { catchUp, fixSelection } from '../narrow/loader';
import { notifyIfNeeded } from './desktop-notify';
import { isBadQueueAnswer, lastEventIdAfter, REGISTER_PARAMS, retryDelayMs } from './session-model';
import { session, sleep } from './session-state';

/**
 * An event of GET /events, which declares them as an array of objects: each type's shape is the
 * one its schema in @chat/events gives (the server's tests check each against it). The client
 * checks the type and id it relies on; applyEvent leaves a type it does not use alone.
 */
function isServerEvent(event: unknown): event is ServerEvent {
  return isRecord(event) && typeof event.type === 'string' && typeof event.id === 'number';
}

/** Registers a queue; the answer is the state it starts from. */
export async function register() {
  const answer = await api(eventQueueEndpoints.register, REGISTER_PARAMS);
  session.queue = { id: answer.queue_id, lastEventId: answer.last_event_id };
  return answer;
}

const isBadQueue = (error: unknown) => error instanceof ApiCallError && isBadQueueAnswer(error.body.code, error.body.msg);

export async function pollLoop(mine: number): Promise<void> {
  let failures = 0;
  while (mine === session.id) {
    try {
      if (!session.queue) {
        const answer = await register();
        if (mine !== session.id) return;
        app.set((previous) => stateFromRegister(answer, { user_id: previous.selfId, email: previous.selfEmail }, previous));
        void catchUp();
      }
      const current = session.queue!;
      const answer = await api(eventQueueEndpoints.getEvents, { queue_id: current.id, last_event_id: current.lastEventId });
      if (mine !== session.id) return;
      failures = 0;
      if (ui.get().connection !== 'ok') patchUi({ connection: 'ok' });
      const events = answer.events.filter(isServerEvent);
      if (events.length > 0) {
        current.lastEventId = lastEventIdAfter(current.lastEventId, events);
        handleEvents(events);
      }
    } catch (error) {
      if (mine !== session.id) return;
      if (error instanceof ApiCallError && error.status === 401) return;
      if (isBadQueue(error)) {
        session.queue = null;
        continue;
      }
      failures += 1;
      patchUi({ connection: 'reconnecting' });
      // A queue that vanished while the server was away answers BAD_EVENT_QUEUE_ID next time.
      await sleep(retryDelayMs(failures));
    }
  }
}

function handleEvents(events: ServerEvent[]): void {
  const before = app.get();
  const now = Date.now();
  app.set((state) => events.reduce((s: AppState, e) => applyEvent(s, e, now), state));
  for (const event of events) {
    if (event.type === 'message') notifyIfNeeded(event, before);
    if (event.type === 'delete_message' || event.type === 'message') fixSelection();
  }
}
