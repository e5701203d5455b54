/** The refusals of the image routes, in Zulip's envelope (its BadImageError is code BAD_IMAGE, 400). */
import { ApiError } from '@chat/errors';
import type { RefusedFormat } from './signature';

/** Zulip's message for anything that is not an image it can read. */
export const UNDECODABLE = 'Could not decode image; did you upload an image file?';

export function badImage(msg: string = UNDECODABLE): ApiError {
  return new ApiError(msg, { code: 'BAD_IMAGE' });
}

export function refusedFormat(format: RefusedFormat): ApiError {
  return badImage(`${format} images are not accepted; upload a PNG, JPEG, GIF or WebP image.`);
}

/** Zulip's refusal of an image whose pixels (every frame counted) pass the decoder's limit. */
export function tooManyPixels(): ApiError {
  return badImage('Image size exceeds limit.');
}

export function tooManyFrames(max: number): ApiError {
  return badImage(`Animated images may have at most ${max} frames.`);
}

export function tooSlow(): ApiError {
  return badImage('The image took too long to process.');
}

/** 503: every slot is taken and the queue is full; not the caller's doing, so not a 429. */
export function busy(retryAfterSeconds: number): ApiError {
  return new ApiError('The server is busy processing images; try again later', {
    status: 503,
    extra: { 'retry-after': retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
