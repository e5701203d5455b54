/**
 * GitHub: repository, organization and app webhooks (JSON), the event in X-GitHub-Event. The
 * events about code and its review (pushes, pull requests, issues, comments) are in core/, the
 * rest (releases, discussions, checks, deployments, membership, ...) in more/.
 *
 * Until core/ exists this declaration composes more/ with the earlier handler (legacy.ts) for
 * the code events; core/'s index replaces it.
 */
import { missingEventHeader, unsupportedEvent } from '../../framework/errors';
import type { EventIntegration, Handler, SingleFormatIntegration } from '../../framework/integration';
import { isObject, optString } from '../../framework/payload';
import { github as legacy } from './legacy';
import { moreEvents, moreIgnoredEvents } from './more';

const legacyHandle: Handler = (legacy as SingleFormatIntegration).handle;
const events: Record<string, Handler> = {
  ...Object.fromEntries(['push', 'pull_request', 'issues', 'issue_comment', 'ping'].map((event) => [event, legacyHandle])),
  ...moreEvents,
};

/** Events from private repositories, when the URL asks for them to be left out. */
const PRIVATE_REPOSITORY = '(private repository)';
const ignoredEvents = [...moreIgnoredEvents, PRIVATE_REPOSITORY];

export const github: EventIntegration = {
  name: 'github',
  displayName: 'GitHub',
  summary: 'Repository, organization and GitHub Sponsors activity: pushes, pull requests, issues, releases, checks, discussions, ...',
  options: [
    { name: 'branches', description: 'Comma-separated branches whose pushes are told; all without it.' },
    { name: 'ignore_private_repositories', description: '"true": nothing is posted about private repositories.' },
  ],
  events,
  ignoredEvents,
  eventOf(payload, request) {
    const raw = request.headers['x-github-event'];
    const header = Array.isArray(raw) ? raw[0] : raw;
    if (header === undefined) throw missingEventHeader('X-GitHub-Event');
    const repository = payload.repository;
    if (request.query.ignore_private_repositories === 'true' && isObject(repository) && repository.private === true) {
      return PRIVATE_REPOSITORY;
    }
    // Zulip names an unknown event with its action, so the answer says which kind was sent.
    if (!Object.hasOwn(events, header) && !ignoredEvents.includes(header)) {
      throw unsupportedEvent('GitHub', `${header}:${optString(payload, 'action', '???')}`);
    }
    return header;
  },
};
