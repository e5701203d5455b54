/** Links into the web client's narrows, for what the server writes outside a message view. */
import { getRealm, realmUrlOf, type Executor } from '@chat/db';
import type { WireMessage } from '@chat/events';
import { encodeHashComponent } from '@chat/markdown';

/** The realm's URL as its users reach it (realmUrlOf: the bare host for the root realm). */
export async function realmUrl(db: Executor, externalHost: string, realmId: number): Promise<string> {
  const realm = await getRealm(db, realmId);
  return realmUrlOf(db, externalHost, realm ?? { id: realmId, string_id: '' });
}

/** A stream's topic narrow. */
export function topicUrl(realm: string, stream: { id: number; name: string }, topic: string): string {
  const slug = `${stream.id}-${encodeHashComponent(stream.name.replace(/ /g, '-'))}`;
  return `${realm}/#narrow/stream/${slug}/topic/${encodeHashComponent(topic)}`;
}

/** The conversation's narrow (Zulip's near_message_url without /near): a stream's topic or the private group. */
export function conversationUrl(realm: string, message: WireMessage, viewerId: number): string {
  if (message.type === 'stream' && typeof message.display_recipient === 'string') {
    return topicUrl(realm, { id: message.stream_id!, name: message.display_recipient }, message.subject);
  }
  const members = Array.isArray(message.display_recipient) ? message.display_recipient : [];
  const others = members.map((u) => u.id).filter((id) => id !== viewerId);
  const ids = others.length > 0 ? others : [viewerId];
  return `${realm}/#narrow/pm-with/${ids.sort((a, b) => a - b).join(',')}-${ids.length > 1 ? 'group' : 'pm'}`;
}

/** One message in its conversation (Zulip's near_message_url). */
export function messageUrl(realm: string, message: WireMessage, viewerId: number): string {
  return `${conversationUrl(realm, message, viewerId)}/near/${message.id}`;
}
