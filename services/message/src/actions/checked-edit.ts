/** An edit of a message as checkUpdateMessage admits it and doUpdateMessage writes it. */
import type { UserRow } from '@chat/db';
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

/** An edit checkUpdateMessage admitted, with everything doUpdateMessage writes. */
export interface CheckedEdit {
  user: UserRow;
  /** The message as the check read it. */
  message: MessageRow;
  propagateMode: string;
  topicEdit?: TopicEdit;
  contentEdit?: ContentEdit;
}

/** A holder of the message (a user_messages row) and their flag bits. */
export interface HolderFlags {
  user_id: number;
  flags: number;
}
