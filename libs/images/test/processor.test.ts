/**
 * The image library on real sharp: sizes, stripped metadata, refusals before decoding (SVG, PDF,
 * bombs, frame cap), animated emoji and their stills, and the bounded queue.
 */
import sharp from 'sharp';
import { ApiError } from '@chat/errors';
import { createImageProcessor, rasterFormatOf, refusedFormatOf, UNDECODABLE } from '../src';
import { animated, jpegWithExif, png, pngBomb, solid } from './fixtures';

const images = createImageProcessor({ maxFrames: 20 });

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  const outcome = await work.then(
    () => new Error('the image was accepted'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('image processor', () => {
  it('makes square PNGs of the sizes asked, cropped from the centre', async () => {
    const [small, medium] = await images.squarePngs(await png(900, 300), [100, 500]);
    for (const [out, size] of [
      [small!, 100],
      [medium!, 500],
    ] as const) {
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('fits a logo inside its box, proportions kept, never enlarged', async () => {
    const wide = await sharp(await images.boundedPng(await png(1600, 100), 800, 100)).metadata();
    expect([wide.width, wide.height]).toEqual([800, 50]);
    const small = await sharp(await images.boundedPng(await png(40, 20), 800, 100)).metadata();
    expect([small.width, small.height]).toEqual([40, 20]);
  });

  it('strips metadata from its outputs after applying the EXIF orientation', async () => {
    const input = await jpegWithExif(200, 100);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await images.boundedPng(input, 1000, 1000);
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.includes('secret place')).toBe(false);
    // Orientation 6 is a quarter turn: the stored pixels are 200 × 100, shown as 100 × 200.
    expect([meta.width, meta.height]).toEqual([100, 200]);
  });

  it.each([
    ['SVG', SVG],
    ['PDF', PDF],
  ])('refuses %s by its signature, naming it', async (name, data) => {
    const err = await refusal(images.squarePng(data, 100));
    expect(err.body()).toEqual({
      result: 'error',
      msg: `${name} images are not accepted; upload a PNG, JPEG, GIF or WebP image.`,
      code: 'BAD_IMAGE',
    });
    expect(rasterFormatOf(data)).toBeNull();
    expect(refusedFormatOf(data)).toBe(name);
  });

  it('never hands an SVG or PDF to sharp, though sharp could read them', async () => {
    // The refusal above is not sharp failing: libvips here reads both types.
    expect((await sharp(SVG).metadata()).format).toBe('svg');
    const calls: unknown[] = [];
    const spied = jest.spyOn(sharp.prototype, 'metadata').mockImplementation(function (this: unknown) {
      calls.push(this);
      throw new Error('sharp was asked');
    });
    try {
      await refusal(images.squarePng(SVG, 100));
      await refusal(images.emoji(PDF, 64));
      expect(calls).toEqual([]);
    } finally {
      spied.mockRestore();
    }
  });

  it('refuses bytes that are no image, and a truncated image, with Zulip message', async () => {
    expect((await refusal(images.squarePng(Buffer.from('hello'), 100))).message).toBe(UNDECODABLE);
    const truncated = (await png(300, 300, '#123456')).subarray(0, 60);
    const err = await refusal(images.squarePng(truncated, 100));
    expect([err.status, err.code, err.message]).toEqual([400, 'BAD_IMAGE', UNDECODABLE]);
  });

  it('refuses an image whose compressed data is damaged, though its header reads', async () => {
    // A 1 × 1 PNG whose zlib stream ends with a wrong Adler-32.
    const damaged = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    expect((await sharp(damaged).metadata()).width).toBe(1);
    expect((await refusal(images.squarePng(damaged, 100))).message).toBe(UNDECODABLE);
  });

  it('refuses a decompression bomb from its header alone', async () => {
    const bomb = await pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    const err = await refusal(images.squarePng(bomb, 100));
    expect([err.status, err.body()]).toEqual([400, { result: 'error', msg: 'Image size exceeds limit.', code: 'BAD_IMAGE' }]);
  });

  it('counts every frame against the pixel limit and caps the frames', async () => {
    const tight = createImageProcessor({ maxInputPixels: 100 * 100 * 5, maxFrames: 20 });
    expect((await refusal(tight.emoji(await animated(6), 64))).message).toBe('Image size exceeds limit.');
    expect((await tight.emoji(await animated(4), 64)).animated).toBe(true);
    const err = await refusal(images.emoji(await animated(21, 8), 64));
    expect(err.body()).toEqual({ result: 'error', msg: 'Animated images may have at most 20 frames.', code: 'BAD_IMAGE' });
  });

  it('makes a still emoji a 64 × 64 PNG with no still of its own', async () => {
    const out = await images.emoji(await solid(300, 150).jpeg().toBuffer(), 64);
    expect([out.format, out.animated, out.still]).toEqual(['png', false, null]);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['png', 64, 64, 1]);
  });

  it.each(['gif', 'webp'] as const)('keeps an animated %s emoji animated and makes a still of its first frame', async (format) => {
    const out = await images.emoji(await animated(5, 100, format), 64);
    expect([out.format, out.animated]).toEqual([format, true]);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.pages]).toEqual([format, 64, 5]);
    const still = await sharp(out.still!).metadata();
    expect([still.format, still.width, still.height, still.pages ?? 1]).toEqual(['png', 64, 64, 1]);
    // The first frame is red (WebP's lossy colours are near it).
    const [red, green, blue] = (await sharp(out.still!).stats()).channels.map((c) => c.mean);
    expect([red! > 240, green! < 15, blue! < 15]).toEqual([true, true, true]);
  });

  it('runs one decode at a time and refuses past its queue with a 503', async () => {
    const queued = createImageProcessor({ slots: 1, queueMax: 1 });
    const input = await png(400, 400);
    const first = queued.squarePng(input, 100);
    const second = queued.squarePng(input, 100);
    expect(queued.inFlight).toBe(2);
    const err = await refusal(queued.squarePng(input, 100));
    expect([err.status, err.headers['Retry-After']]).toEqual([503, String(queued.limits.timeoutSeconds)]);
    await Promise.all([first, second]);
    expect(queued.inFlight).toBe(0);
  });
});
