/**
 * GitHub: repository, organization and app webhooks (JSON), the event in X-GitHub-Event. The
 * events about code and its review (pushes, pull requests, issues, comments) are in core/, the
 * rest (releases, discussions, checks, deployments, membership, ...) in more/. What applies to
 * every event (private repositories, unchanged comment edits, unknown events) is core/dispatch.
 */
import type { EventIntegration } from '../../framework/integration';
import { coreEvents } from './core';
import { githubEvent } from './core/dispatch';
import { moreEvents, moreIgnoredEvents } from './more';

const events = { ...coreEvents, ...moreEvents };
const ignoredEvents = moreIgnoredEvents;

export const github: EventIntegration = {
  name: 'github',
  // GitHub signs each delivery with the hook's secret; checked when the URL carries webhook_secret.
  signature: { header: 'X-Hub-Signature-256', algorithm: 'sha256', prefix: 'sha256=' },
  eventOf: (payload, request) => githubEvent(payload, request, (event) => Object.hasOwn(events, event) || ignoredEvents.includes(event)),
  events,
  ignoredEvents,
};
