/**
 * Gitea (repository webhooks, JSON). Gitea is a fork of Gogs and sends the same payloads, the
 * event in X-Gitea-Event; only pull requests are worded differently.
 */
import type { EventIntegration } from '../../framework/integration';
import { pullRequestEvent, sharedEvents } from '../gogs/events';
import { giteaPullRequest } from './pull-request';

export const gitea: EventIntegration = {
  name: 'gitea',
  eventHeader: 'X-Gitea-Event',
  events: { ...sharedEvents, pull_request: pullRequestEvent(giteaPullRequest) },
};
