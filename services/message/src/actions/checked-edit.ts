/** An edit of a message as checkUpdateMessage admits it and doUpdateMessage writes it. */
import type { StreamRow, UserRow } from '@chat/db';
import type { ResolveChange } from '../lib/resolved-topic';
import type { MessageRow } from '../queries/messages';
import type { Rendered } from '../queries/render';

/** A topic edit: the new topic, the stream it is in (a private message has no topic) and its links. */
export interface TopicEdit {
  topic: string;
  streamId: number;
  subjectLinks: string[];
}

/** A content edit: the new text and its rendering. */
export interface ContentEdit {
  content: string;
  rendered: Rendered;
}

/** A move to another stream: the message's stream and the one it goes to. */
export interface StreamEdit {
  from: StreamRow;
  to: StreamRow;
}

/** Which threads Notification Bot tells of a move (send_notification_to_old/new_thread). */
export interface MoveNotifications {
  oldThread: boolean;
  newThread: boolean;
}

/** An edit checkUpdateMessage admitted, with everything doUpdateMessage writes. */
export interface CheckedEdit {
  user: UserRow;
  /** The message as the check read it. */
  message: MessageRow;
  propagateMode: string;
  topicEdit?: TopicEdit;
  contentEdit?: ContentEdit;
  streamEdit?: StreamEdit;
  /** Set when the topic edit resolves or unresolves the topic. */
  resolve?: ResolveChange;
  notify: MoveNotifications;
}

/** A holder of the message (a user_messages row) and their flag bits. */
export interface HolderFlags {
  user_id: number;
  flags: number;
}
