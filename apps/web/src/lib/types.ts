/**
 * The shapes the web client reads from the server. Messages and events are the server's own
 * declarations (@chat/events, types only); the client keeps of a message only the fields it uses.
 * The rest are Zulip's dicts, only the fields the client uses.
 */
import type { EventMap, EventType } from '@chat/events';

/** An event of GET /events, whatever its type (narrowed by its `type`). */
export type ServerEvent = EventMap[EventType];

/** A message dict as the server sends it (message events, GET /messages without its flags). */
export type MessageDict = EventMap['message']['message'];
type StreamMessageDict = Extract<MessageDict, { type: 'stream' }>;
type PrivateMessageDict = Extract<MessageDict, { type: 'private' }>;

/** A flag a user has on a message. */
export type MessageFlag = EventMap['message']['flags'][number];

export type Reaction = Pick<MessageDict['reactions'][number], 'emoji_name' | 'emoji_code' | 'reaction_type' | 'user_id'>;

/** A member of a private conversation, as its messages list them. */
export type DisplayRecipient = Pick<PrivateMessageDict['display_recipient'][number], 'id' | 'email' | 'full_name'>;

/** The fields of a message dict the client keeps, whatever the message's type. */
type KeptFields = 'id' | 'subject' | 'sender_id' | 'sender_email' | 'sender_full_name' | 'avatar_url' | 'timestamp' | 'content';

/** What the client keeps beside a message's own fields: its reactions and the user's flags. */
interface KeptAlongside {
  reactions: Reaction[];
  last_edit_timestamp?: number;
  flags: MessageFlag[];
}

/**
 * A message as the client keeps it: a stream message names its stream, a private message (which
 * has no stream_id) lists its members, the sender included.
 */
export type Message =
  | (Pick<StreamMessageDict, KeptFields | 'type' | 'stream_id' | 'display_recipient'> & KeptAlongside)
  | (Pick<PrivateMessageDict, KeptFields | 'type'> & { display_recipient: DisplayRecipient[] } & KeptAlongside);

export interface User {
  user_id: number;
  email: string;
  full_name: string;
  avatar_url?: string | null;
  is_bot?: boolean;
  is_admin?: boolean;
  is_active?: boolean;
}

export interface Stream {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
}

export interface Subscription extends Stream {
  color: string;
  is_muted: boolean;
  in_home_view?: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
}

export interface NarrowTerm {
  operator: string;
  operand: string;
  negated?: boolean;
}

export type Narrow = NarrowTerm[];

/** An unread message, as much as counting needs. */
export type UnreadEntry =
  { kind: 'stream'; stream_id: number; topic: string; mentioned: boolean } | { kind: 'private'; key: string; mentioned: boolean };

export interface Presence {
  active_timestamp: number;
  idle_timestamp: number;
}

export interface TypingEntry {
  sender_id: number;
  /** The conversation: `stream:<id>:<topic lower>` or `pm:<key>`. */
  conversation: string;
  expires: number;
}

export interface RecentPrivate {
  key: string;
  user_ids: number[];
  max_message_id: number;
}

/** The open narrow's loaded messages (ids ascending). */
export interface View {
  narrow: Narrow;
  ids: number[];
  foundOldest: boolean;
  foundNewest: boolean;
}

/** A realm's own emoji (Zulip's realm_emoji). */
export interface RealmEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
}

export interface MessagePolicy {
  allowEditing: boolean;
  editLimitSeconds: number;
  allowDeleting: boolean;
  deleteLimitSeconds: number;
}

export interface AppState {
  selfId: number;
  selfEmail: string;
  realmName: string;
  /** The realm's icon (register's realm_icon_url, a realm `icon` event's icon_url); '' before /register. */
  realmIconUrl: string;
  /** Who may edit and delete messages (Zulip 2.1's realm settings); limits in seconds, 0: none. */
  messagePolicy: MessagePolicy;
  users: Record<number, User>;
  streams: Record<number, Stream>;
  subs: Record<number, Subscription>;
  messages: Record<number, Message>;
  unread: Record<number, UnreadEntry>;
  /** `${stream_id}:${topic lower}` -> visibility policy (1 muted, 2 unmuted, 3 followed). */
  userTopics: Record<string, number>;
  presence: Record<number, Presence>;
  /** By id, as reactions name them (emoji_code). */
  realmEmoji: Record<string, RealmEmoji>;
  /** The server's clock minus the browser's, in seconds (presence ages are the server's). */
  serverOffset: number;
  presenceSettings: { pingIntervalSeconds: number; offlineThresholdSeconds: number };
  typing: TypingEntry[];
  recentPrivate: RecentPrivate[];
  settings: Record<string, unknown>;
  maxMessageId: number;
  view: View;
}
