/**
 * GitLab: project, group and system webhooks (JSON). The event is the X-GitLab-Event header,
 * refined by the payload (event.ts); each is told in GitLab's own topic: a branch, an issue, a
 * merge request, a snippet, a design, an environment, or the project.
 */
import type { Integration } from '../../framework/integration';
import { pipeline, job, deployment } from './ci';
import { gitlabEvent } from './event';
import { issueCreated, issueEvent, mergeRequestEvent, mergeRequestOpened, mergeRequestUpdated } from './issues';
import { commitNote, designNote, issueNote, mergeRequestNote, snippetNote } from './notes';
import { accessTokenExpiry, featureFlag, release, wikiPage } from './project';
import { push, tagPush, testHook } from './push';

/** Issue events read the same whether the issue is confidential or not. */
const ISSUE_EVENTS = {
  open: issueCreated,
  close: issueEvent('closed'),
  reopen: issueEvent('reopened'),
  update: issueEvent('updated'),
};

export const gitlab: Integration = {
  name: 'gitlab',
  eventOf: gitlabEvent,
  events: {
    'Push Hook': push,
    'Tag Push Hook': tagPush,
    'Test Hook': testHook,
    ...Object.fromEntries(
      Object.entries(ISSUE_EVENTS).flatMap(([action, handler]) => [
        [`Issue Hook ${action}`, handler],
        [`Confidential Issue Hook ${action}`, handler],
      ]),
    ),
    'Note Hook Commit': commitNote,
    'Note Hook MergeRequest': mergeRequestNote,
    'Note Hook Issue': issueNote,
    'Confidential Note Hook Issue': issueNote,
    'Note Hook DesignManagement::Design': designNote,
    'Confidential Note Hook DesignManagement::Design': designNote,
    'Note Hook Snippet': snippetNote,
    'Merge Request Hook approved': mergeRequestEvent('approved'),
    'Merge Request Hook unapproved': mergeRequestEvent('unapproved'),
    // GitLab sends approval and unapproval only when a merge request needs several approvals.
    'Merge Request Hook approval': mergeRequestEvent('approval'),
    'Merge Request Hook unapproval': mergeRequestEvent('unapproval'),
    'Merge Request Hook open': mergeRequestOpened,
    'Merge Request Hook update': mergeRequestUpdated,
    'Merge Request Hook merge': mergeRequestEvent('merged'),
    'Merge Request Hook close': mergeRequestEvent('closed'),
    'Merge Request Hook reopen': mergeRequestEvent('reopened'),
    'Wiki Page Hook create': wikiPage('created'),
    'Wiki Page Hook update': wikiPage('updated'),
    'Job Hook': job,
    // What GitLab called job events before they were jobs.
    'Build Hook': job,
    'Pipeline Hook': pipeline,
    'Release Hook': release,
    'Feature Flag Hook': featureFlag,
    'Resource Access Token Hook': accessTokenExpiry,
    'Deployment Hook': deployment,
  },
};
