/**
 * Gogs (repository webhooks, JSON). The event is in the X-Gogs-Event header: pushes, new
 * branches, pull requests, issues, issue comments and releases are told, as Zulip words them;
 * anything else is answered as unsupported.
 */
import type { EventIntegration } from '../../framework/integration';
import { pullRequestEvent, sharedEvents } from './events';
import { gogsPullRequest } from './pull-request';

export const gogs: EventIntegration = {
  name: 'gogs',
  eventHeader: 'X-Gogs-Event',
  events: { ...sharedEvents, pull_request: pullRequestEvent(gogsPullRequest) },
};
