import { EMPTY_TOPIC_DISPLAY_NAME } from './empty-topic';

/** A user as shown in a private message's display_recipient. */
export interface DisplayRecipientUser {
  id: number;
  email: string;
  full_name: string;
  short_name: string;
  is_mirror_dummy: boolean;
}

/**
 * A message as it travels on the bus and leaves the message store: both the raw and the rendered
 * content, and what is needed to compute avatar_url, so each reader picks its variant
 * (apply_markdown, client_gravatar) without another query.
 */
export interface WireMessage {
  id: number;
  type: 'stream' | 'private';
  sender_id: number;
  sender_email: string;
  sender_full_name: string;
  sender_short_name: string;
  sender_realm_str: string;
  /** 'G' (Gravatar) or 'U' (uploaded); drives avatar_url and client_gravatar. */
  sender_avatar_source: string;
  sender_avatar_url: string;
  recipient_id: number;
  stream_id: number | null;
  display_recipient: string | DisplayRecipientUser[];
  subject: string;
  subject_links: string[];
  content: string;
  rendered_content: string;
  timestamp: number;
  client: string;
  is_me_message: boolean;
  reactions: unknown[];
  submessages: unknown[];
  last_edit_timestamp?: number;
  /** When it last moved to another stream or topic (feature level 365). */
  last_moved_timestamp?: number;
}

export interface MessageVariant {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  /** False shows an empty topic as its display name (./empty-topic.ts). */
  allowEmptyTopicName: boolean;
}

/** The message dict a client sees (Zulip's MessageDict.finalize_payload), without flags. */
export function finalizeMessage(message: WireMessage, variant: MessageVariant): Record<string, unknown> {
  const {
    sender_avatar_source: avatarSource,
    sender_avatar_url: avatarUrl,
    rendered_content: rendered,
    content,
    stream_id: streamId,
    ...rest
  } = message;
  const dict: Record<string, unknown> = {
    ...rest,
    content: variant.applyMarkdown ? rendered : content,
    content_type: variant.applyMarkdown ? 'text/html' : 'text/x-markdown',
    avatar_url: variant.clientGravatar && avatarSource === 'G' ? null : avatarUrl,
  };
  if (message.type === 'stream') {
    dict.stream_id = streamId;
    if (message.subject === '' && !variant.allowEmptyTopicName) dict.subject = EMPTY_TOPIC_DISPLAY_NAME;
  }
  return dict;
}
