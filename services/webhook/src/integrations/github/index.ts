/**
 * GitHub: repository, organization and app webhooks (JSON), the event in X-GitHub-Event. The
 * events about code and its review (pushes, pull requests, issues, comments) are in core/, the
 * rest (releases, discussions, checks, deployments, membership, ...) in more/. What applies to
 * every event (private repositories, unchanged comment edits, unknown events) is core/dispatch.
 */
import type { EventIntegration } from '../../framework/integration';
import { GITHUB } from './common';
import { coreEvents } from './core';
import { githubEvent, SKIPPED_EVENT } from './core/dispatch';
import { moreEvents, moreIgnoredEvents } from './more';

const events = { ...coreEvents, ...moreEvents };
const ignoredEvents = [...moreIgnoredEvents, SKIPPED_EVENT];

export const github: EventIntegration = {
  name: 'github',
  displayName: GITHUB,
  summary: 'Pushes, pull requests and reviews, issues, comments and the rest of what a GitHub repository or organization does.',
  options: [
    { name: 'branches', description: 'Only tell pushes to these branches (comma-separated names).' },
    { name: 'ignore_private_repositories', description: 'true: say nothing about private repositories.' },
    { name: 'include_repository_name', description: 'true: name the repository in push messages.' },
  ],
  eventOf: (payload, request) => githubEvent(payload, request, (event) => Object.hasOwn(events, event) || ignoredEvents.includes(event)),
  events,
  ignoredEvents,
};
