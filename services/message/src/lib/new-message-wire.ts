/**
 * The dict of a message this request has just inserted, built from what the send already holds
 * (the sender, the stream or the private recipients, the rendering) instead of reading the row
 * back: that re-read cost six statements per send inside the transaction (message, sender,
 * realm, stream, linkifiers, reactions). It must match what loadMessages returns for the row;
 * the send tests compare the two.
 */
import { avatarUrl, type UserRow } from '@chat/db';
import type { DisplayRecipientUser, WireMessage } from '@chat/events';

export interface NewMessage {
  id: number;
  sender: UserRow;
  realmString: string;
  recipientId: number;
  /** The stream's id and name, or the private message's members (the sender among them). */
  to: { streamId: number; streamName: string } | { members: UserRow[] };
  topic: string;
  subjectLinks: string[];
  content: string;
  renderedContent: string;
  dateSent: Date;
  client: string;
  isMeMessage: boolean;
  /** A widget's first submessage, when the content makes one (widgets.ts). */
  submessages: unknown[];
}

function displayUser(u: UserRow): DisplayRecipientUser {
  return { email: u.email, full_name: u.full_name, short_name: u.short_name, id: u.id, is_mirror_dummy: u.is_mirror_dummy };
}

/** Zulip orders a private message's display_recipient by e-mail, each member once. */
function privateDisplayRecipient(members: UserRow[]): DisplayRecipientUser[] {
  const byId = new Map(members.map((u) => [u.id, displayUser(u)]));
  return [...byId.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

export function newMessageWire(m: NewMessage): WireMessage {
  const stream = 'streamId' in m.to ? m.to : null;
  return {
    id: m.id,
    type: stream ? 'stream' : 'private',
    sender_id: m.sender.id,
    sender_email: m.sender.email,
    sender_full_name: m.sender.full_name,
    sender_short_name: m.sender.short_name,
    sender_realm_str: m.realmString,
    sender_avatar_source: m.sender.avatar_source,
    sender_avatar_url: avatarUrl(m.sender),
    recipient_id: m.recipientId,
    stream_id: stream ? stream.streamId : null,
    display_recipient: stream ? stream.streamName : privateDisplayRecipient((m.to as { members: UserRow[] }).members),
    subject: m.topic,
    subject_links: m.subjectLinks,
    content: m.content,
    rendered_content: m.renderedContent,
    timestamp: Math.floor(m.dateSent.getTime() / 1000),
    client: m.client,
    is_me_message: m.isMeMessage,
    reactions: [],
    submessages: m.submessages,
  };
}
