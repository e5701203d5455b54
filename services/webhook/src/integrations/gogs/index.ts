/**
 * Gogs (repository webhooks, JSON). The event is in the X-Gogs-Event header: pushes, new
 * branches, pull requests, issues, issue comments and releases are told, as Zulip words them;
 * anything else is answered as unsupported.
 */
import type { EventIntegration } from '../../framework/integration';
import { pullRequestEvent, sharedEvents } from './events';
import { gogsPullRequest } from './pull-request';

/** The URL options Gogs and Gitea read. */
export const GOGS_OPTIONS = [
  { name: 'branches', description: 'Comma-separated branch names: pushes to other branches are not told.' },
] as const;

export const gogs: EventIntegration = {
  name: 'gogs',
  displayName: 'Gogs',
  summary: "Gogs pushes, new branches, pull requests, issues, comments and releases, in Zulip's git wording.",
  options: GOGS_OPTIONS,
  eventHeader: 'X-Gogs-Event',
  events: { ...sharedEvents, pull_request: pullRequestEvent(gogsPullRequest) },
};
