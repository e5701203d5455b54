import { badRequest } from '@chat/errors';
import { MAX_STREAM_NAME_LENGTH, nulInStreamName } from '@chat/contracts';

export { MAX_STREAM_DESCRIPTION_LENGTH, MAX_STREAM_NAME_LENGTH, nulInStreamName } from '@chat/contracts';

/** Zulip's check_stream_name (the name is already stripped). */
export function checkStreamName(name: string): void {
  if (name.trim() === '') throw badRequest(`Invalid stream name '${name}'`);
  if ([...name].length > MAX_STREAM_NAME_LENGTH) {
    throw badRequest(`Stream name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  }
  if (name.includes('\0')) throw nulInStreamName(name);
}
