/**
 * Bitbucket Server (and Data Center) webhooks, JSON. The event is the payload's `eventKey`, or
 * the X-Event-Key header for the test ping, which has none.
 */
import { eventFromHeader } from '../../framework/run';
import type { Integration, WebhookRequest } from '../../framework/integration';
import { requireString, type JsonObject } from '../../framework/payload';
import { pullRequest, pullRequestComment } from './pull-request';
import { commitComment, forked, modified, ping, refsChanged } from './repository';

const EVENT_HEADER = 'X-Event-Key';

function bitbucket3Event(payload: JsonObject, request: WebhookRequest): string {
  if (Object.hasOwn(payload, 'eventKey')) return requireString(payload, 'eventKey');
  return eventFromHeader(request, EVENT_HEADER);
}

export const bitbucket3: Integration = {
  name: 'bitbucket3',
  // Bitbucket encodes the URL it is given once more before calling it.
  unquoteUrlParameters: true,
  eventOf: bitbucket3Event,
  events: {
    'diagnostics:ping': ping,
    'repo:comment:added': commitComment('commented'),
    'repo:comment:edited': commitComment('edited their comment'),
    'repo:comment:deleted': commitComment('deleted their comment'),
    'repo:forked': forked,
    'repo:modified': modified,
    'repo:refs_changed': refsChanged,
    'pr:comment:added': pullRequestComment('commented on'),
    'pr:comment:edited': pullRequestComment('edited their comment on'),
    'pr:comment:deleted': pullRequestComment('deleted their comment on'),
    'pr:declined': pullRequest('declined'),
    'pr:deleted': pullRequest('deleted'),
    'pr:merged': pullRequest('merged'),
    'pr:modified': pullRequest('modified'),
    'pr:opened': pullRequest('opened'),
    'pr:reviewer:approved': pullRequest('approved'),
    'pr:reviewer:needs_work': pullRequest('needs_work'),
    'pr:reviewer:updated': pullRequest('reviewers_updated'),
    'pr:reviewer:unapproved': pullRequest('unapproved'),
  },
};
