/**
 * Gitea (repository webhooks, JSON). Gitea is a fork of Gogs and sends the same payloads, the
 * event in X-Gitea-Event; only pull requests are worded differently.
 */
import type { EventIntegration } from '../../framework/integration';
import { pullRequestEvent, sharedEvents } from '../gogs/events';
import { GOGS_OPTIONS } from '../gogs';
import { giteaPullRequest } from './pull-request';

export const gitea: EventIntegration = {
  name: 'gitea',
  displayName: 'Gitea',
  summary: "Gitea pushes, new branches, pull requests, issues, comments and releases, in Zulip's git wording.",
  options: GOGS_OPTIONS,
  eventHeader: 'X-Gitea-Event',
  events: { ...sharedEvents, pull_request: pullRequestEvent(giteaPullRequest) },
};
