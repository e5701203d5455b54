import { ApiError } from '@chat/errors';

/** A refused login, as Zulip answers it: 403 with the reason its clients read. */
export function refused(msg: string, reason: string): ApiError {
  return new ApiError(msg, { status: 403, extra: { reason } });
}
