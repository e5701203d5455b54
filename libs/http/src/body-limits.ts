/**
 * How large a request body may be. Each endpoint's parser has its own limit; every server also
 * refuses, before reading a byte of it, a body whose Content-Length is above the largest any
 * endpoint takes (maxRequestBodyBytes), so a client announcing a gigabyte is answered 413 at once
 * instead of being read and discarded.
 */

const MB = 1024 * 1024;

/** Form-encoded and multipart fields: Zulip's limits are small (10000-byte messages). */
export const FORM_BODY_LIMIT = MB;

/**
 * The largest raw body an endpoint other than the file upload declares: custom emoji (a 5 MB file
 * with its multipart framing), GitHub's and GitLab's 5 MB webhook payloads. endpointRouter refuses
 * to build an endpoint that declares more without being the upload.
 */
export const FIXED_BODY_LIMIT_MAX = 8 * MB;

/**
 * POST /user_uploads: MAX_FILE_UPLOAD_SIZE plus room for the multipart framing and fields, so an
 * oversized file still reaches the handler and gets Zulip's message instead of a bare 413.
 */
export function uploadBodyLimit(maxFileUploadSizeMb: number): number {
  return maxFileUploadSizeMb * MB + MB;
}

/** The largest body any endpoint accepts: what a server refuses above, from Content-Length alone. */
export function maxRequestBodyBytes(maxFileUploadSizeMb: number): number {
  return Math.max(uploadBodyLimit(maxFileUploadSizeMb), FIXED_BODY_LIMIT_MAX, FORM_BODY_LIMIT);
}
