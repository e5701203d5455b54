/**
 * What applies to every GitHub event before its handler: the event header, the
 * `ignore_private_repositories` option, edits that left a comment as it was, and the name an
 * event GitHub sends but no handler knows is answered with.
 */
import { missingEventHeader } from '../../../framework/errors';
import type { WebhookRequest } from '../../../framework/integration';
import { dig, isObject, optString, type JsonObject } from '../../../framework/payload';

export const EVENT_HEADER = 'X-GitHub-Event';

/**
 * The event under which a request is answered with success and nothing posted, whatever GitHub
 * called it. Not a name GitHub uses, and a header carrying it is not taken for it (see below).
 */
export const SKIPPED_EVENT = '(skipped)';

function headerEvent(request: WebhookRequest): string {
  const value = request.headers[EVENT_HEADER.toLowerCase()];
  const event = Array.isArray(value) ? value[0] : value;
  if (event === undefined) throw missingEventHeader(EVENT_HEADER);
  return event;
}

/** `ignore_private_repositories=true` and the event is about a private repository. */
function isIgnoredPrivateRepository(payload: JsonObject, request: WebhookRequest): boolean {
  const repository = payload.repository;
  return request.query.ignore_private_repositories === 'true' && isObject(repository) && repository.private === true;
}

/**
 * A comment "edited" without its text changing (GitHub sends these when, say, a task box in it
 * is ticked). Discussion comments are told regardless.
 */
function isUnchangedCommentEdit(event: string, payload: JsonObject): boolean {
  if (!event.includes('comment') || event.includes('discussion') || payload.action !== 'edited') return false;
  const before = dig(payload, 'changes.body.from');
  return typeof before === 'string' && before === dig(payload, 'comment.body');
}

/**
 * The event a request is handled as. One GitHub sends that is neither handled nor ignored is
 * named with its action, `event:action` (`event:???` without one), as the unsupported-event
 * answer says.
 */
export function githubEvent(payload: JsonObject, request: WebhookRequest, isKnown: (event: string) => boolean): string {
  const event = headerEvent(request);
  if (isIgnoredPrivateRepository(payload, request) || isUnchangedCommentEdit(event, payload)) return SKIPPED_EVENT;
  if (event !== SKIPPED_EVENT && isKnown(event)) return event;
  return `${event}:${optString(payload, 'action', '???')}`;
}
