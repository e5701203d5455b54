/**
 * Azure DevOps' service hooks for Azure Repos: pushes and pull requests (created, updated,
 * merged), worded as every git integration's messages. The payload's `eventType` names the event;
 * `only_events`/`exclude_events` do not apply to them, as in Zulip, whose view passes no event type.
 */
import type { Integration } from '../../framework/integration';
import { requireString } from '../../framework/payload';
import { created, merged, updated } from './pull-request';
import { push } from './push';

export const azuredevops: Integration = {
  name: 'azuredevops',
  eventOf: (payload) => requireString(payload, 'eventType'),
  events: {
    'git.push': push,
    'git.pullrequest.created': created,
    'git.pullrequest.merged': merged,
    'git.pullrequest.updated': updated,
  },
};
