/**
 * The event a request is, named as Zulip names it (and as `only_events` matches it): the
 * X-GitLab-Event header, with the action or the commented object after it for the events that
 * have several ("Issue Hook open", "Note Hook MergeRequest"). A system hook names its event in
 * the payload instead.
 */
import { eventFromHeader } from '../../framework/run';
import type { WebhookRequest } from '../../framework/integration';
import { optString, requireString, type JsonObject } from '../../framework/payload';

export const EVENT_HEADER = 'X-GitLab-Event';

const BY_ACTION = ['Confidential Issue Hook', 'Issue Hook', 'Merge Request Hook', 'Wiki Page Hook'];
const BY_NOTEABLE = ['Confidential Note Hook', 'Note Hook'];

/** Python's str.title() on ASCII: each run of letters capitalized, the rest lower case. */
function titleCase(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());
}

/** `merge_request` → `Merge Request Hook`: the header a project hook would have sent. */
function systemHookEvent(payload: JsonObject): string {
  const name = 'event_name' in payload ? requireString(payload, 'event_name') : requireString(payload, 'object_kind');
  return `${titleCase(name.split('__')[0]!.replace(/_/g, ' '))} Hook`;
}

export function gitlabEvent(payload: JsonObject, request: WebhookRequest): string {
  let event = eventFromHeader(request, EVENT_HEADER);
  if (event === 'System Hook') event = systemHookEvent(payload);
  if (BY_ACTION.includes(event)) return `${event} ${optString(payload, 'object_attributes.action', 'open')}`;
  if (BY_NOTEABLE.includes(event)) return `${event} ${requireString(payload, 'object_attributes.noteable_type')}`;
  return event;
}
