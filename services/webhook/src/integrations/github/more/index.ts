/**
 * GitHub's events besides code and its review: repositories, organizations, builds and
 * deliveries, discussions and GitHub Sponsors. The GitHub declaration (../index.ts) composes
 * them with the code events.
 */
import type { Handler } from '../../../framework/integration';
import { deliveryEvents } from './delivery';
import { discussionEvents } from './discussion';
import { organizationEvents } from './organization';
import { repositoryEvents } from './repository';
import { sponsorsEvents } from './sponsors';

export const moreEvents: Record<string, Handler> = {
  ...repositoryEvents,
  ...organizationEvents,
  ...deliveryEvents,
  ...discussionEvents,
  ...sponsorsEvents,
};

/**
 * Events GitHub sends that are answered with success and nothing posted: suite-level checks
 * (each run is told), label and milestone definitions, the hook's own deletion (`meta`),
 * organization membership and project cards, and vulnerability alerts. `push__merge_queue` is
 * listed as Zulip lists it, though GitHub never sends it as an event name.
 */
export const moreIgnoredEvents: string[] = [
  'check_suite',
  'label',
  'meta',
  'milestone',
  'organization',
  'project_card',
  'push__merge_queue',
  'repository_vulnerability_alert',
];
