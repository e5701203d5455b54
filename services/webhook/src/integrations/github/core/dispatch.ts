/**
 * What applies to every GitHub event before its handler: the event header, the
 * `ignore_private_repositories` option, edits that left a comment as it was, and the name an
 * event GitHub sends but no handler knows is answered with.
 */
import type { WebhookRequest } from '../../../framework/integration';
import { dig, isObject, optString, type JsonObject } from '../../../framework/payload';
import { eventFromHeader } from '../../../framework/run';

export const EVENT_HEADER = 'X-GitHub-Event';

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
 * The event a request is handled as, or null for one skipped whatever it is. One GitHub sends
 * that is neither handled nor ignored is named with its action, `event:action` (`event:???`
 * without one), as the unsupported-event answer says.
 */
export function githubEvent(payload: JsonObject, request: WebhookRequest, isKnown: (event: string) => boolean): string | null {
  const event = eventFromHeader(request, EVENT_HEADER);
  if (isIgnoredPrivateRepository(payload, request) || isUnchangedCommentEdit(event, payload)) return null;
  if (isKnown(event)) return event;
  return `${event}:${optString(payload, 'action', '???')}`;
}
