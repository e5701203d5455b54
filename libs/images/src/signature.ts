/**
 * What an upload is, read from its first bytes before any decoder sees it. Only the raster types
 * browsers and Zulip's clients display are ever handed to sharp: libvips also reads SVG (librsvg),
 * PDF, TIFF, HEIF and more, each a large parser with its own hazards (an SVG may fetch or include
 * other files, a PDF runs a page description), and none of them is an avatar, icon or emoji here.
 */

/** The raster types the image routes accept. */
export type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** Types recognised only to be refused by name, so the refusal can say what was sent. */
export type RefusedFormat = 'SVG' | 'PDF' | 'TIFF' | 'HEIF/AVIF';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function rasterFormatOf(data: Buffer): RasterFormat | null {
  if (data.subarray(0, 8).equals(PNG)) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A type libvips could read but that is refused; null for anything else (refused as undecodable). */
export function refusedFormatOf(data: Buffer): RefusedFormat | null {
  const head = data
    .subarray(0, 1024)
    .toString('latin1')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('%PDF')) return 'PDF';
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg|<svg)/i.test(head)) return 'SVG';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'TIFF';
  if (head.slice(4, 8) === 'ftyp') return 'HEIF/AVIF';
  return null;
}

/** The file extension (with its dot) and the type a stored image of each format is served as. */
export const RASTER_FILE_TYPES: Readonly<Record<RasterFormat, { ext: string; contentType: string }>> = {
  png: { ext: '.png', contentType: 'image/png' },
  jpeg: { ext: '.jpg', contentType: 'image/jpeg' },
  gif: { ext: '.gif', contentType: 'image/gif' },
  webp: { ext: '.webp', contentType: 'image/webp' },
};
