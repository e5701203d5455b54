/**
 * Jira: issue and comment events, the event named in the payload's webhookEvent. Jira escapes
 * the URL it is given twice, so `stream` and `topic` are decoded once more.
 */
import { anomalousPayload } from '../../framework/errors';
import type { Integration } from '../../framework/integration';
import { invalidArgument } from '@chat/errors';
import { commentCreated, commentDeleted, commentUpdated } from './comment';
import { issueCreated, issueDeleted, issueUpdated } from './issue';
import { truthy } from '../../framework/python';

/** Events Jira sends that are answered with success and not posted. */
const IGNORED_EVENTS = [
  'attachment_created',
  'issuelink_created',
  'issuelink_deleted',
  'jira:version_released',
  'jira:worklog_updated',
  'sprint_closed',
  'sprint_started',
  'worklog_created',
  'worklog_updated',
];

export const jira: Integration = {
  name: 'jira',
  unquoteUrlParameters: true,
  eventOf(payload) {
    const named = payload.webhookEvent;
    if (named !== undefined && named !== null && typeof named !== 'string') throw invalidArgument('webhookEvent', named);
    // Old Jira versions send a transition without naming the event.
    const event = named ?? (truthy(payload.transition) ? 'jira:issue_updated' : undefined);
    if (event === undefined) throw anomalousPayload();
    return event;
  },
  events: {
    'jira:issue_created': issueCreated,
    'jira:issue_deleted': issueDeleted,
    'jira:issue_updated': issueUpdated,
    comment_created: commentCreated,
    comment_updated: commentUpdated,
    comment_deleted: commentDeleted,
  },
  ignoredEvents: IGNORED_EVENTS,
};
