/**
 * The unicode emoji images: one for every emoji_code this server gives out, the ones messages
 * are rendered with and the emoji names file lists (libs/markdown) and every one a reaction
 * accepts (the message service's table, from the same emoji-datasource), each a real PNG file
 * named as Zulip names it.
 */
import { closeSync, openSync, readSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emojiImagePath, EMOJI_IMAGES_PATH } from '@chat/contracts';
import { serverEmojiData } from '@chat/markdown';
import { emojiImageFiles } from '../src/emoji-images';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsLikePng(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(8);
    readSync(fd, head, 0, 8, 0);
    return head.equals(PNG);
  } finally {
    closeSync(fd);
  }
}

/** Reaction codes as the message service takes them: lower-case, without the presentation selector. */
function reactionCodes(): string[] {
  const data = JSON.parse(readFileSync(require.resolve('emoji-datasource/emoji.json'), 'utf8')) as {
    unified: string;
    non_qualified: string | null;
  }[];
  return data.map((entry) => (entry.non_qualified ?? entry.unified).toLowerCase());
}

describe('emoji images', () => {
  const { folder, files } = emojiImageFiles();

  it('are named like Zulip names them, at its path', () => {
    expect(emojiImagePath('1f44d')).toBe('/static/generated/emoji/images-google-64/1f44d.png');
    expect(EMOJI_IMAGES_PATH).toBe('/static/generated/emoji/images-google-64');
    // Zulip's emoji_code drops the presentation selector: heart is 2764, its image 2764-fe0f.png.
    expect(folder).toMatch(/emoji-datasource-google\/img\/google\/64$/);
    expect(files.get('2764.png')).toBe('2764-fe0f.png');
    expect(files.has('2764-fe0f.png')).toBe(false);
    expect(files.get('0023-20e3.png')).toBe('0023-fe0f-20e3.png');
  });

  it('cover every emoji_code the emoji names file lists and reactions accept, each a PNG file', () => {
    const codes = new Set([...Object.keys(serverEmojiData().code_to_names), ...reactionCodes()]);
    expect(codes.size).toBeGreaterThan(1800);
    const missing = [...codes].filter((code) => !files.has(`${code}.png`));
    expect(missing).toEqual([]);
    const notPng = [...codes].filter((code) => !startsLikePng(join(folder, files.get(`${code}.png`)!)));
    expect(notPng).toEqual([]);
  });
});
