/**
 * The Idempotency-Key of POST /messages (actions/idempotency.ts has the rules): the header, its
 * checks, the digest a replay compares, and the two errors a reused key gets.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '@chat/errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_LIFETIME_HOURS = 24;
const MAX_KEY_LENGTH = 255;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** A type alias, not an interface: handlers return plain records. */
export type SendResponse = { id: number };

export interface KeyedRequest {
  userId: number;
  key: string;
  /** Digest of the parsed request, compared on replay. */
  hash: string;
}

export function keyInUse(): ApiError {
  return new ApiError('A request with this Idempotency-Key is already in progress', {
    status: 409,
    code: 'IDEMPOTENCY_KEY_IN_USE',
  });
}

export function keyReused(): ApiError {
  return new ApiError('This Idempotency-Key was already used for a different request', {
    status: 422,
    code: 'IDEMPOTENCY_KEY_REUSED',
  });
}

/** The header's key, undefined when absent; 400 when it is not 1-255 printable ASCII characters. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) {
    throw new ApiError(`Invalid Idempotency-Key header: 1 to ${MAX_KEY_LENGTH} printable ASCII characters expected`, {
      code: 'BAD_REQUEST',
    });
  }
  return key;
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}
