/** Parameters several subscription endpoints share. */
import { badRequest } from '@chat/errors';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../limits';
import * as p from '../params';
import { checkCappedString, checkColor, checkDict, checkList, checkString, principalList, validatedJson } from '../validators';

/** check_stream_name's answer to a NUL, for a name in a list as for one alone. */
export function nulInStreamName(name: string) {
  return badRequest(`Stream name '${name}' contains NULL (0x00) characters.`);
}

/** A stream id in a path; past the id column's range no stream exists, as for an unknown id. */
export const streamIdParam = p.int({
  required: true,
  schema: { minimum: 0 },
  rangeError: () => badRequest('Invalid stream id'),
  description: 'The id of the stream.',
  example: 2,
});

/** One entry of POST /users/me/subscriptions' `subscriptions`. */
export interface StreamRequest {
  name: string;
  color?: string;
  description?: string;
}

/** POST /users/me/subscriptions' `subscriptions`, PATCH's `add`. */
export const streamRequests = validatedJson<StreamRequest[]>(
  checkList(
    checkDict(
      [['name', checkString]],
      [
        ['color', checkColor],
        ['description', checkCappedString(MAX_STREAM_DESCRIPTION_LENGTH)],
      ],
    ),
  ),
);

/**
 * How POST /users/me/subscriptions (and PATCH's `add`) subscribes: whom (`principals`), and how
 * the streams it creates start.
 */
export const subscribeOptions = {
  invite_only: p.bool({ default: false, description: 'Whether streams created here are private.' }),
  is_announcement_only: p.bool({ default: false, description: 'Whether only administrators may post to streams created here.' }),
  history_public_to_subscribers: p.bool({
    description: 'Whether new subscribers of a private stream created here see its earlier messages; unset: not for private ones.',
  }),
  announce: p.bool({ default: false, description: 'Whether the creation of new streams is announced by Notification Bot.' }),
  principals: p.custom(principalList, {
    default: [] as string[] | number[],
    description: 'The users to subscribe, by e-mail or id; empty: the caller.',
    example: ['othello@zulip.com'],
    sample: false,
  }),
  authorization_errors_fatal: p.bool({
    default: true,
    description: 'Whether a stream the caller may not join fails the request (true) or is listed under `unauthorized`.',
  }),
};
