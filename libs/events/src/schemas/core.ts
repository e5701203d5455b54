import { Type } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, int } from './define';

/** Events the event-queue service makes itself; the queue's `id` is part of both. */
export const HeartbeatEvent = closedObject({ type: Type.Literal('heartbeat'), id: int });

export const RestartEvent = closedObject({
  type: Type.Literal('restart'),
  id: int,
  server_generation: int,
  immediate: Type.Optional(bool),
});

export const coreEvents = {
  heartbeat: defineEvent(HeartbeatEvent),
  restart: defineEvent(RestartEvent),
};
