import type { ClientEvent, UserEventNotice } from '@chat/events';

/** Zulip's send_event(realm, event, users); nobody to tell means no notice at all. */
export function eventNotice(realmId: number, event: ClientEvent, userIds: number[]): UserEventNotice[] {
  if (userIds.length === 0) return [];
  return [{ v: 1, kind: 'event', realmId, event, userIds: [...new Set(userIds)].sort((a, b) => a - b) }];
}
