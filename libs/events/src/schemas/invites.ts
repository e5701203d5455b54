/** Zulip's invites_changed: the list of pending invitations changed; clients fetch it again. */
import { defineEvent, eventObject } from './define';

export const InvitesChangedEvent = eventObject('invites_changed', {});

export const inviteEvents = {
  invites_changed: defineEvent(InvitesChangedEvent),
};
