/** Test images made with sharp itself: no binary fixtures. */
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

export function solid(width: number, height: number, color = '#3366cc'): Sharp {
  return sharp({ create: { width, height, channels: 4, background: color } });
}

export const png = (width: number, height: number, color?: string) => solid(width, height, color).png().toBuffer();

/** A JPEG carrying EXIF (a copyright line and an orientation) and an ICC-less comment-free body. */
export const jpegWithExif = (width: number, height: number) =>
  solid(width, height)
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place', Artist: 'someone' } } })
    .toBuffer();

/** An animated GIF (or WebP) of `frames` frames of alternating colours. */
export async function animated(frames: number, size = 100, format: 'gif' | 'webp' = 'gif'): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      solid(size, size, i % 2 === 0 ? '#ff0000' : '#00ff00')
        .png()
        .toBuffer(),
    ),
  );
  const joined = sharp(pages, { join: { animated: true } });
  return format === 'gif' ? joined.gif({ delay: 50 }).toBuffer() : joined.webp({ delay: 50 }).toBuffer();
}

/**
 * A decompression bomb: a real small PNG whose header is rewritten to declare `width` × `height`
 * (the IHDR checksum recomputed, so a reader trusts it). Its few bytes would decode to gigabytes.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const data = Buffer.from(await png(8, 8));
  // Signature (8) + IHDR length (4) + type (4): width and height follow, then the CRC over type+data.
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  data.writeUInt32BE(crc32(data.subarray(12, 29)), 29);
  return data;
}
