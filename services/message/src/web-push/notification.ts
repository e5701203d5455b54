/**
 * What a Web Push carries to the service worker (apps/web/public/service-worker.js reads it): who
 * wrote, in which conversation, a short text, the message's id and the narrow to open on a click.
 * The push service sees only ciphertext (RFC 8291); the payload stays small, as push services
 * accept about 4 KB.
 */
import { topicForClient, type WireMessage } from '@chat/events';
import { messageUrl } from '../notices/narrow-url';

/** The text shown is cut at this many characters (a notification shows two or three lines). */
export const WEB_PUSH_TEXT_LENGTH = 200;

export type WebPushConversation =
  | { type: 'stream'; stream_id: number; stream: string; topic: string }
  | { type: 'private'; recipients: { id: number; full_name: string }[] };

export interface WebPushMessageNotification {
  kind: 'message';
  message_id: number;
  sender: { id: number; full_name: string };
  conversation: WebPushConversation;
  text: string;
  /** The message in its conversation in the web client (an absolute URL of the realm). */
  url: string;
}

export interface WebPushRemoval {
  kind: 'remove';
  message_ids: number[];
}

export type WebPushNotification = WebPushMessageNotification | WebPushRemoval;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The rendered message as one line of plain text, cut to `max` characters. */
export function plainText(html: string, max = WEB_PUSH_TEXT_LENGTH): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/blockquote|\/pre)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The notification of `message` for `viewerId`, linking into the realm at `realmUrl`. */
export function messageNotification(message: WireMessage, viewerId: number, realmUrl: string): WebPushMessageNotification {
  const conversation: WebPushConversation =
    message.type === 'stream'
      ? {
          type: 'stream',
          stream_id: message.stream_id ?? 0,
          stream: String(message.display_recipient),
          topic: topicForClient(message.subject, false),
        }
      : {
          type: 'private',
          recipients: (Array.isArray(message.display_recipient) ? message.display_recipient : [])
            .filter((u) => u.id !== viewerId)
            .map((u) => ({ id: u.id, full_name: u.full_name })),
        };
  return {
    kind: 'message',
    message_id: message.id,
    sender: { id: message.sender_id, full_name: message.sender_full_name },
    conversation,
    text: plainText(message.rendered_content),
    url: messageUrl(realmUrl, message, viewerId),
  };
}
