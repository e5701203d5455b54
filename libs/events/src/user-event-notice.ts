/**
 * The one way a service turns an event into a notice for the outbox (Zulip's
 * send_event(realm, event, users)): the event must be one of the event map's shapes.
 */
import type { ClientEvent } from './event-map';
import type { CapabilityAudience } from './capabilities';
import { NOTICE_VERSION, type UserEventNotice } from './notice';

/** The event for exactly these users, even none (a realm-wide event still bumps the realm's state version). */
export function userEventNotice(realmId: number, event: ClientEvent, userIds: number[]): UserEventNotice {
  return { v: NOTICE_VERSION, kind: 'event', realmId, event, userIds };
}

/** Nobody to tell means no notice at all; otherwise one notice to each user once, in id order. */
export function userEventNoticeIfAnyRecipient(realmId: number, event: ClientEvent, userIds: number[]): UserEventNotice[] {
  if (userIds.length === 0) return [];
  return [
    userEventNotice(
      realmId,
      event,
      [...new Set(userIds)].sort((a, b) => a - b),
    ),
  ];
}

/**
 * One event for the queues that declared a capability and other events for those that did not
 * (Zulip converts per client in its event queue; here the writer knows both shapes, and each
 * queue gets one of them).
 */
export function noticesByCapability(
  realmId: number,
  capability: CapabilityAudience['capability'],
  shapes: { declared: ClientEvent[]; otherwise: ClientEvent[] },
  userIds: number[],
): UserEventNotice[] {
  const forAudience = (events: ClientEvent[], declared: boolean) =>
    events.map((event) => ({ ...userEventNotice(realmId, event, userIds), audience: { capability, declared } }));
  return [...forAudience(shapes.declared, true), ...forAudience(shapes.otherwise, false)];
}
