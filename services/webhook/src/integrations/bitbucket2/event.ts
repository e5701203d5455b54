/**
 * Bitbucket Cloud's event, as Zulip reads it: from the payload's shape for pushes, forks, commit
 * comments and statuses, and issues; from the X-Event-Key header only for pull requests (whose
 * payloads look alike whatever happened) and repository updates.
 */
import { unsupportedEvent } from '../../framework/errors';
import { eventFromHeader } from '../../framework/run';
import type { WebhookRequest } from '../../framework/integration';
import type { JsonObject } from '../../framework/payload';

export const EVENT_HEADER = 'X-Event-Key';

/** The pull request actions told; `pullrequest:<action>` becomes `pull_request_<action>`. */
const PULL_REQUEST_ACTIONS = [
  'approved',
  'unapproved',
  'created',
  'updated',
  'rejected',
  'fulfilled',
  'comment_created',
  'comment_updated',
  'comment_deleted',
];

/**
 * The event type (only_events and exclude_events match it). Any other event key is answered as
 * unsupported under its own name, even one that reads like an event type ("push").
 */
export function bitbucket2Event(payload: JsonObject, request: WebhookRequest): string {
  const has = (key: string) => Object.hasOwn(payload, key);
  if (has('push')) return 'push';
  if (has('fork')) return 'fork';
  if (has('comment') && has('commit')) return 'commit_comment';
  if (has('commit_status')) return 'change_commit_status';
  if (has('issue')) {
    if (has('changes')) return 'issue_updated';
    if (has('comment')) return 'issue_commented';
    return 'issue_created';
  }
  const key = eventFromHeader(request, EVENT_HEADER);
  if (has('pullrequest')) {
    const action = /^pullrequest:(.*)$/.exec(key)?.[1];
    if (action !== undefined && PULL_REQUEST_ACTIONS.includes(action)) return `pull_request_${action}`;
  } else if (key === 'repo:updated') return key;
  throw unsupportedEvent(key);
}
