import { badRequest } from '@chat/errors';

export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_DESCRIPTION_LENGTH = 1024;

/** Zulip's check_stream_name (the name is already stripped). */
export function checkStreamName(name: string): void {
  if (name.trim() === '') throw badRequest(`Invalid stream name '${name}'`);
  if ([...name].length > MAX_STREAM_NAME_LENGTH) {
    throw badRequest(`Stream name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  }
  if (name.includes('\0')) throw nulInStreamName(name);
}

export function nulInStreamName(name: string) {
  return badRequest(`Stream name '${name}' contains NULL (0x00) characters.`);
}
