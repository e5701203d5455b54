/**
 * Files the server serves outside /api/v1 that the API points clients to, with no login, as
 * Zulip serves them among its static files.
 */

/** The names of every emoji (/register's server_emoji_data_url). */
export const SERVER_EMOJI_DATA_PATH = '/static/generated/emoji/emoji_api.json';

/**
 * The folder of the unicode emoji images (Zulip's default "google" set, 64 pixels square), one
 * PNG per emoji, named by its emoji_code: lower-case hex code points joined by `-`, as reactions
 * and the emoji names file give them (`1f44d.png`, `2764.png`).
 */
export const EMOJI_IMAGES_PATH = '/static/generated/emoji/images-google-64';

/** Where the image of the unicode emoji with this emoji_code is. */
export function emojiImagePath(emojiCode: string): string {
  return `${EMOJI_IMAGES_PATH}/${emojiCode}.png`;
}
