/**
 * Issues (confidential ones too) and merge requests: one topic per item, `repo / issue #3 Title`;
 * with `use_merge_request_title=false` a merge request's topic leaves its title out, so a renamed
 * merge request stays in one topic.
 */
import { issueMessage, pullRequestMessage } from '../../framework/git';
import type { Handler, WebhookContext } from '../../framework/integration';
import { dig, optObject, requireString, type JsonObject } from '../../framework/payload';
import { actorName, assigneeNames, gitlabMessage, repoName } from './common';
import { truthy } from '../../framework/python';

/** `repo / MR #1 Title`; the title left out when the caller asks. */
export function mergeRequestTopic(payload: JsonObject, item: JsonObject, context: WebhookContext): string {
  const title = context.param('use_merge_request_title') === 'false' ? '' : requireString(item, 'title');
  return `${repoName(payload)} / MR #${requireString(item, 'iid')} ${title}`;
}

function issueTopic(payload: JsonObject): string {
  const issue = optObject(payload, 'object_attributes');
  return `${repoName(payload)} / issue #${requireString(issue, 'iid')} ${requireString(issue, 'title')}`;
}

/** The title goes into the link only when the topic does not carry it. */
function titleFor(item: JsonObject, context: WebhookContext): string | null {
  return context.topicGiven ? requireString(item, 'title') : null;
}

/** A description without its HTML comments (templates hide instructions in them). */
function visibleDescription(description: string): string {
  return description.replace(/<!--[\s\S]*?-->/g, '').trimEnd();
}

export const issueCreated: Handler = (payload, context) => {
  const issue = optObject(payload, 'object_attributes');
  const description = dig(issue, 'description');
  const body = issueMessage({
    userName: actorName(payload),
    action: 'created',
    url: requireString(issue, 'url'),
    number: requireString(issue, 'iid'),
    message: truthy(description) ? visibleDescription(requireString(issue, 'description')) : null,
    assignees: assigneeNames(payload),
    title: titleFor(issue, context),
  });
  return gitlabMessage(payload, context, issueTopic(payload), body);
};

export function issueEvent(action: string): Handler {
  return (payload, context) => {
    const issue = optObject(payload, 'object_attributes');
    const body = issueMessage({
      userName: actorName(payload),
      action,
      url: requireString(issue, 'url'),
      number: requireString(issue, 'iid'),
      title: titleFor(issue, context),
    });
    return gitlabMessage(payload, context, issueTopic(payload), body);
  };
}

/** Approvals, closing, reopening, merging, new commits: no description; a merge says between which branches. */
export function mergeRequestEvent(action: string): Handler {
  return (payload, context) => {
    const mr = optObject(payload, 'object_attributes');
    const merged = action === 'merged';
    const body = pullRequestMessage({
      userName: actorName(payload),
      action,
      url: requireString(mr, 'url'),
      number: requireString(mr, 'iid'),
      targetBranch: merged ? requireString(mr, 'source_branch') : null,
      baseBranch: merged ? requireString(mr, 'target_branch') : null,
      type: 'MR',
      title: titleFor(mr, context),
    });
    return gitlabMessage(payload, context, mergeRequestTopic(payload, mr, context), body);
  };
}

/** Opened or edited: the description and the assignees; an opened one says between which branches. */
function mergeRequestOpenedOrUpdated(action: 'created' | 'updated'): Handler {
  return (payload, context) => {
    const mr = optObject(payload, 'object_attributes');
    const created = action === 'created';
    const description = dig(mr, 'description');
    const body = pullRequestMessage({
      userName: actorName(payload),
      action,
      url: requireString(mr, 'url'),
      number: requireString(mr, 'iid'),
      targetBranch: created ? requireString(mr, 'source_branch') : null,
      baseBranch: created ? requireString(mr, 'target_branch') : null,
      message: description === null ? null : requireString(mr, 'description'),
      assignees: assigneeNames(payload),
      type: 'MR',
      title: titleFor(mr, context),
    });
    return gitlabMessage(payload, context, mergeRequestTopic(payload, mr, context), body);
  };
}

export const mergeRequestOpened = mergeRequestOpenedOrUpdated('created');

/** An update that moved the head (`oldrev`) is new commits; any other is an edit. */
export const mergeRequestUpdated: Handler = (payload, context) =>
  truthy(dig(payload, 'object_attributes.oldrev'))
    ? mergeRequestEvent('added commit(s) to')(payload, context)
    : mergeRequestOpenedOrUpdated('updated')(payload, context);
