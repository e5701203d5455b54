/**
 * The notification payloads, field for field as Zulip's push_notifications.py builds them and the
 * mobile apps read them (zulip-flutter's lib/notifications/ parses the FCM data; the iOS app
 * reads `custom.zulip`): a `message` notification, and a `remove` one for messages read since.
 */
import { topicForClient, type WireMessage } from '@chat/events';

/** Who the notification is for, and where (Zulip's get_base_payload). */
export interface PushRecipient {
  server: string;
  realmId: number;
  realmUrl: string;
  realmName: string;
  userId: number;
}

export interface MessagePush {
  apns: Record<string, unknown>;
  gcm: Record<string, unknown>;
  gcmOptions: Record<string, unknown>;
}

/** Zulip's truncate_content: 200 characters, then an ellipsis. */
const MAX_CONTENT = 200;

/** Zulip's MAX_APNS_MESSAGE_IDS: a removal names the newest 200 messages at most. */
export const MAX_REMOVAL_IDS = 200;

/** The redacted body (PUSH_NOTIFICATION_REDACT_CONTENT), as Zulip words it. */
export const REDACTED_CONTENT = 'New message';

function basePayload(to: PushRecipient): Record<string, unknown> {
  return {
    server: to.server,
    realm_id: to.realmId,
    realm_uri: to.realmUrl,
    realm_url: to.realmUrl,
    realm_name: to.realmName,
    user_id: to.userId,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** Zulip's get_mobile_push_content, in short: the rendered message's text, quotes marked with "> ". */
export function plainText(html: string): string {
  const quoted = html.replace(/<blockquote>([\s\S]*?)<\/blockquote>/g, (_m, inner: string) =>
    inner
      .replace(/<[^>]*>/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `> ${line}`)
      .join('\n')
      .concat('\n'),
  );
  return quoted
    .replace(/<img[^>]*>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
}

function truncate(content: string): [string, boolean] {
  const chars = [...content];
  return chars.length <= MAX_CONTENT ? [content, false] : [`${chars.slice(0, MAX_CONTENT).join('')}…`, true];
}

function members(message: WireMessage): { id: number; full_name: string }[] {
  return Array.isArray(message.display_recipient) ? message.display_recipient : [];
}

/** Zulip's get_message_payload: who sent it where. */
function messageFields(to: PushRecipient, message: WireMessage, group: MentionedGroup | undefined): Record<string, unknown> {
  const data: Record<string, unknown> = {
    ...basePayload(to),
    sender_id: message.sender_id,
    sender_email: message.sender_email,
    time: message.timestamp,
  };
  if (group) Object.assign(data, { mentioned_user_group_id: group.id, mentioned_user_group_name: group.name });
  if (message.type === 'stream') {
    return {
      ...data,
      recipient_type: 'stream',
      stream: String(message.display_recipient),
      stream_id: message.stream_id,
      topic: topicForClient(message.subject, false),
    };
  }
  const everyone = members(message);
  if (everyone.length > 2) {
    const ids = everyone.map((u) => u.id).sort((a, b) => a - b);
    return { ...data, recipient_type: 'private', pm_users: ids.join(',') };
  }
  return { ...data, recipient_type: 'private' };
}

/** Zulip's get_apns_alert_title: the group's names, the stream and topic, or the sender. */
function alertTitle(message: WireMessage): string {
  const group = members(message);
  if (message.type === 'private' && group.length > 2)
    return group
      .map((u) => u.full_name)
      .sort()
      .join(', ');
  if (message.type === 'stream') return `#${String(message.display_recipient)} > ${topicForClient(message.subject, false)}`;
  return message.sender_full_name;
}

const WILDCARD_TRIGGERS = new Set([
  'topic_wildcard_mentioned_in_followed_topic',
  'stream_wildcard_mentioned_in_followed_topic',
  'topic_wildcard_mentioned',
  'stream_wildcard_mentioned',
]);

/** Zulip's get_apns_alert_subtitle. */
function alertSubtitle(message: WireMessage, trigger: string, group: MentionedGroup | undefined): string {
  const sender = message.sender_full_name;
  if (trigger === 'mentioned') return group ? `${sender} mentioned @${group.name}:` : `${sender} mentioned you:`;
  if (WILDCARD_TRIGGERS.has(trigger)) return `${sender} mentioned everyone:`;
  if (message.type === 'private' && members(message).length <= 2) return '';
  return `${sender}:`;
}

export interface MentionedGroup {
  id: number;
  name: string;
}

export interface MessagePushOptions {
  trigger: string;
  /** The user group whose mention this is, when it is not a mention by name. */
  mentionedGroup?: MentionedGroup;
  /** PUSH_NOTIFICATION_REDACT_CONTENT. */
  redact: boolean;
  /** The sender's avatar as an absolute URL. */
  senderAvatarUrl: string;
}

/** Zulip's get_message_payload_apns and get_message_payload_gcm. */
export function messagePush(to: PushRecipient, message: WireMessage, options: MessagePushOptions): MessagePush {
  const fields = messageFields(to, message, options.mentionedGroup);
  const [content, truncated] = truncate(options.redact ? REDACTED_CONTENT : plainText(message.rendered_content));
  const apns = {
    alert: { title: alertTitle(message), subtitle: alertSubtitle(message, options.trigger, options.mentionedGroup), body: content },
    sound: 'default',
    // Zulip sends 0 until the apps handle a count while open.
    badge: 0,
    custom: { zulip: { ...fields, message_ids: [message.id] } },
  };
  const gcm = {
    ...fields,
    event: 'message',
    // message_id is reserved by FCM.
    zulip_message_id: message.id,
    content,
    content_truncated: truncated,
    sender_full_name: message.sender_full_name,
    sender_avatar_url: options.senderAvatarUrl,
  };
  return { apns, gcm, gcmOptions: { priority: 'high' } };
}

/** Zulip's get_remove_payload_gcm and get_remove_payload_apns, for the newest 200 ids. */
export function removalPush(to: PushRecipient, messageIds: number[]): MessagePush {
  const ids = [...messageIds].sort((a, b) => a - b).slice(-MAX_REMOVAL_IDS);
  const listed = ids.join(',');
  return {
    apns: { badge: 0, custom: { zulip: { ...basePayload(to), event: 'remove', zulip_message_ids: listed } } },
    // Apps older than 2019 read only zulip_message_id.
    gcm: { ...basePayload(to), event: 'remove', zulip_message_ids: listed, zulip_message_id: ids[0] },
    gcmOptions: { priority: 'normal' },
  };
}
