/**
 * The server's limits on what clients send, one declaration each: validators enforce them and
 * /register reports them (max_*_length), so a client can check before it sends.
 */
export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_TOPIC_LENGTH = 60;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;
/**
 * A submessage (a widget's vote or edit) is small; Zulip sets no limit, and ten 900 KB ones on a
 * message made a reader's fetch of 20 messages 9 MB. These two bound what one sender adds to a
 * message: 10,000 characters each (the longest message), and 100 per sender per message (far
 * more than a poll's votes and options or a to-do list's tasks need).
 */
export const MAX_SUBMESSAGE_LENGTH = 10000;
export const MAX_SUBMESSAGES_PER_SENDER = 100;
