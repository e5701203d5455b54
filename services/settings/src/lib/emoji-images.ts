/**
 * Custom emoji images as they are stored and served: `<realm_id>/emoji/images/<emoji id><ext>`
 * (@chat/views' emojiPath), one of the image types browsers and Zulip's clients display.
 */

/** The extensions an emoji's file may have, with the type it is served as. */
export const EMOJI_IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

const EMOJI_IMAGE_KEY = /^[1-9][0-9]{0,9}\/emoji\/images\/[1-9][0-9]{0,9}(\.[a-z]+)$/;

/**
 * The type of the emoji image stored under `key`, or undefined when the key is not an emoji
 * image's: the only keys /user_avatars serves, so no other stored file is ever reached there.
 */
export function emojiImageType(key: string): string | undefined {
  const ext = EMOJI_IMAGE_KEY.exec(key)?.[1];
  return ext !== undefined && Object.hasOwn(EMOJI_IMAGE_TYPES, ext) ? EMOJI_IMAGE_TYPES[ext] : undefined;
}
