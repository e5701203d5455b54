/**
 * Files the server serves outside /api/v1 that the API points clients to. Where clients fetch
 * the names of every emoji (/register's server_emoji_data_url); no login needed, as Zulip serves
 * it among its static files.
 */
export const SERVER_EMOJI_DATA_PATH = '/static/generated/emoji/emoji_api.json';
