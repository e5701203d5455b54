/**
 * The server's limits on what clients send, one declaration each: validators enforce them and
 * /register reports them (max_*_length), so a client can check before it sends.
 */
export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_TOPIC_LENGTH = 60;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;
