/**
 * Decoding and resizing uploaded images (avatars, realm icons and logos, custom emoji) with sharp.
 *
 * libvips decodes on libuv's thread pool, never on the event loop, but that pool is small (four
 * threads) and shared with file-system and DNS work: decodes run one at a time per process
 * (IMAGE_LIMITS.slots; sharp's own threads per image are left at its default), a bounded queue
 * waits behind them (one more is a 503), and each operation is stopped by libvips past
 * `timeoutSeconds`. Before any decode:
 *
 * - the bytes' signature must be PNG, JPEG, GIF or WebP (./signature.ts): SVG, PDF and every other
 *   type libvips could read are refused unread;
 * - the header alone is read (sharp's metadata), and an image whose pixels, every frame counted,
 *   pass `maxInputPixels`, or with more than `maxFrames` frames, is refused: a decompression bomb
 *   (a few KB declaring 100 000 × 100 000 pixels) never allocates its pixels. sharp's
 *   limitInputPixels checks the same again while decoding.
 *
 * Outputs carry no metadata (sharp writes none unless asked: no EXIF, GPS or ICC comments), after
 * the EXIF orientation has been applied to the pixels.
 */
import type { Sharp } from 'sharp';
import { ApiError } from '@chat/errors';
import { badImage, busy, refusedFormat, tooManyFrames, tooManyPixels, tooSlow } from './errors';
import { rasterFormatOf, refusedFormatOf, type RasterFormat } from './signature';
import { Turns } from './turns';

export interface ImageLimits {
  /** Pixels an image may have, every frame of an animated one counted. */
  maxInputPixels: number;
  /** Frames an animated image may have. */
  maxFrames: number;
  /** Decodes running at once in this process. */
  slots: number;
  /** Decodes waiting for a slot; one more is refused with a 503. */
  queueMax: number;
  /** Past this, libvips stops the operation and the upload is refused. */
  timeoutSeconds: number;
}

/**
 * 40 megapixels (a 7000 × 5700 photo; about 160 MB of RGBA while it is resized) and 200 frames
 * (a 64 × 64 emoji animates for about 10 s at 20 fps).
 */
export const IMAGE_LIMITS: ImageLimits = {
  maxInputPixels: 40_000_000,
  maxFrames: 200,
  slots: 1,
  queueMax: 32,
  timeoutSeconds: 20,
};

/** What the header says, once the image has passed the checks. */
export interface ImageInfo {
  format: RasterFormat;
  width: number;
  height: number;
  frames: number;
}

/** An output image and its format. */
export interface ProcessedImage {
  data: Buffer;
  format: RasterFormat;
}

/** A custom emoji as stored: the (possibly animated) image and, for an animated one, a still. */
export interface ProcessedEmoji extends ProcessedImage {
  animated: boolean;
  /** The first frame as PNG, for clients that show emoji still (Zulip's still_url). */
  still: Buffer | null;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

type SharpModule = (typeof import('sharp'))['default'];
let loading: Promise<SharpModule> | undefined;

/**
 * sharp and libvips (about 24 MB of memory and 30 ms) are loaded at the first upload, not by every
 * process that could take one.
 */
function loadSharp(): Promise<SharpModule> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is decoded once: libvips' operation cache would only keep their pixels in memory.
    sharp.cache(false);
    return sharp;
  }));
}

export class ImageProcessor {
  private readonly turns: Turns;

  constructor(readonly limits: ImageLimits = IMAGE_LIMITS) {
    this.turns = new Turns(limits.slots, limits.queueMax);
  }

  /** A square PNG of `size` pixels, cropped from the centre (Zulip's resize_avatar, ImageOps.fit). */
  squarePng(data: Buffer, size: number): Promise<Buffer> {
    return this.inTurn(async (sharp) => {
      await this.check(sharp, data);
      return this.output(this.decode(sharp, data).resize(size, size, { fit: 'cover' }).png());
    });
  }

  /** Several squares of one upload (an avatar and its medium version), decoded in one turn. */
  squarePngs(data: Buffer, sizes: readonly number[]): Promise<Buffer[]> {
    return this.inTurn(async (sharp) => {
      await this.check(sharp, data);
      const out: Buffer[] = [];
      for (const size of sizes) out.push(await this.output(this.decode(sharp, data).resize(size, size, { fit: 'cover' }).png()));
      return out;
    });
  }

  /** A PNG within `width` × `height`, proportions kept, never enlarged (Zulip's resize_logo, thumbnail). */
  boundedPng(data: Buffer, width: number, height: number): Promise<Buffer> {
    return this.inTurn(async (sharp) => {
      await this.check(sharp, data);
      return this.output(this.decode(sharp, data).resize(width, height, { fit: 'inside', withoutEnlargement: true }).png());
    });
  }

  /**
   * A custom emoji: `size` × `size`, the whole image shown (padded with transparency, never
   * cropped). A still image becomes PNG; an animated GIF or WebP stays animated in its format and
   * gets a still PNG of its first frame too.
   */
  emoji(data: Buffer, size: number): Promise<ProcessedEmoji> {
    return this.inTurn(async (sharp) => {
      const info = await this.check(sharp, data);
      const fit = { fit: 'contain' as const, background: TRANSPARENT };
      const still = await this.output(this.decode(sharp, data).resize(size, size, fit).png());
      if (info.frames === 1) return { data: still, format: 'png', animated: false, still: null };
      const format = info.format === 'webp' ? 'webp' : 'gif';
      const resized = this.decode(sharp, data, true).resize(size, size, fit);
      const animated = await this.output(format === 'webp' ? resized.webp() : resized.gif());
      return { data: animated, format, animated: true, still };
    });
  }

  /** Decodes running or waiting in this process. */
  get inFlight(): number {
    return this.turns.inFlight;
  }

  private inTurn<T>(job: (sharp: SharpModule) => Promise<T>): Promise<T> {
    return this.turns.run(
      async () => job(await loadSharp()),
      () => busy(this.limits.timeoutSeconds),
    );
  }

  /** The signature, then the header: refusals before a single pixel is decoded. */
  private async check(sharp: SharpModule, data: Buffer): Promise<ImageInfo> {
    const format = rasterFormatOf(data);
    if (!format) {
      const refused = refusedFormatOf(data);
      throw refused ? refusedFormat(refused) : badImage();
    }
    const meta = await sharp(data, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw badImage();
      });
    const { width, height } = meta;
    if (meta.format !== format || !width || !height) throw badImage();
    const frames = meta.pages ?? 1;
    if (frames > this.limits.maxFrames) throw tooManyFrames(this.limits.maxFrames);
    if (width * height * frames > this.limits.maxInputPixels) throw tooManyPixels();
    return { format, width, height, frames };
  }

  /**
   * A decoder of the first frame (or all of them), oriented as its EXIF says, within the limits.
   * The decoders' warnings (a JPEG's stray bytes between markers, common in cameras' files) are
   * let through; their errors (a truncated image, damaged compressed data) refuse the upload.
   */
  private decode(sharp: SharpModule, data: Buffer, animated = false): Sharp {
    return sharp(data, { animated, limitInputPixels: this.limits.maxInputPixels, failOn: 'truncated' })
      .autoOrient()
      .timeout({ seconds: this.limits.timeoutSeconds });
  }

  /** The encoded output; a decoder failure is the caller's bad image, never a 500. */
  private async output(pipeline: Sharp): Promise<Buffer> {
    try {
      return await pipeline.toBuffer();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const msg = err instanceof Error ? err.message : '';
      if (msg.includes('timeout')) throw tooSlow();
      if (msg.includes('pixel limit')) throw tooManyPixels();
      throw badImage();
    }
  }
}

export function createImageProcessor(limits: Partial<ImageLimits> = {}): ImageProcessor {
  return new ImageProcessor({ ...IMAGE_LIMITS, ...limits });
}
