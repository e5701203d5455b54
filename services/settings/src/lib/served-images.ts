/**
 * The stored images /user_avatars serves (Zulip's serve_local_avatar_unauthed), by their keys:
 * custom emoji (`<realm>/emoji/images/<id><ext>`, and an animated one's
 * `<realm>/emoji/images/still/<id>.png`), users' avatars (`<realm>/<sha1>.png` and
 * `-medium.png`, @chat/db's userAvatarKeys) and the realm's images
 * (`<realm>/realm/<icon|logo|night_logo>-<version>.png`, @chat/views' realmImagePath). No other
 * stored file (message uploads above all) is ever reached there.
 */

/** The extensions an emoji's file may have, with the type it is served as. */
const EMOJI_IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

const ID = '[1-9][0-9]{0,9}';
const EMOJI_IMAGE_KEY = new RegExp(`^${ID}/emoji/images/${ID}(\\.[a-z]+)$`);
/** The server's own PNGs: emoji stills, avatars, realm images. */
const PNG_KEYS = [
  new RegExp(`^${ID}/emoji/images/still/${ID}\\.png$`),
  new RegExp(`^${ID}/[0-9a-f]{40}(-medium)?\\.png$`),
  new RegExp(`^${ID}/realm/(icon|logo|night_logo)-${ID}\\.png$`),
];

/** The type of the image stored under `key`, or undefined when the key is not one /user_avatars serves. */
export function servedImageType(key: string): string | undefined {
  if (PNG_KEYS.some((pattern) => pattern.test(key))) return 'image/png';
  const ext = EMOJI_IMAGE_KEY.exec(key)?.[1];
  return ext !== undefined && Object.hasOwn(EMOJI_IMAGE_TYPES, ext) ? EMOJI_IMAGE_TYPES[ext] : undefined;
}
