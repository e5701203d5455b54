/** The shapes the web client reads from the server (Zulip's dicts, only the fields it uses). */

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface DisplayRecipient {
  id: number;
  email: string;
  full_name: string;
}

export interface Message {
  id: number;
  type: 'stream' | 'private';
  stream_id?: number;
  /** The stream's name, or the private conversation's members (the sender included). */
  display_recipient: string | DisplayRecipient[];
  subject: string;
  sender_id: number;
  sender_email: string;
  sender_full_name: string;
  avatar_url: string | null;
  timestamp: number;
  content: string;
  reactions: Reaction[];
  last_edit_timestamp?: number;
  flags: string[];
}

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
