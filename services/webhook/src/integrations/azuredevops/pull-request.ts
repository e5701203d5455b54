/**
 * Azure DevOps Repos' pull request events: created, updated and merged, in git's wording, one
 * topic per pull request.
 */
import { itemTopic, pullRequestMessage, type ItemEvent } from '../../framework/git';
import type { Handler } from '../../framework/integration';
import { dig, requireString, type JsonObject } from '../../framework/payload';
import { repositoryName } from './push';

function branchName(payload: JsonObject, field: 'sourceRefName' | 'targetRefName'): string {
  return requireString(payload, `resource.${field}`).replace('refs/heads/', '');
}

/** What every pull request message names; the topic is the pull request's. */
function pullRequest(payload: JsonObject, action: string): { topic: string; event: ItemEvent } {
  const number = Number(requireString(payload, 'resource.pullRequestId'));
  const title = requireString(payload, 'resource.title');
  return {
    topic: itemTopic(repositoryName(payload), 'PR', number, title),
    event: {
      userName: requireString(payload, 'resource.createdBy.displayName'),
      action,
      url: requireString(payload, 'resource._links.web.href'),
      number,
      title,
    },
  };
}

export const created: Handler = (payload) => {
  const { topic, event } = pullRequest(payload, 'created');
  const description = dig(payload, 'resource.description');
  const content = pullRequestMessage({
    ...event,
    targetBranch: branchName(payload, 'sourceRefName'),
    baseBranch: branchName(payload, 'targetRefName'),
    message: typeof description === 'string' && description !== '' ? description : null,
  });
  return { topic, content, eventType: null };
};

/** Azure also sends this when a merge was attempted and hit conflicts: only a completed merge is told. */
export const merged: Handler = (payload) => {
  const completed = requireString(payload, 'resource.status') === 'completed';
  if (!completed || requireString(payload, 'resource.mergeStatus') !== 'succeeded') return null;
  const { topic, event } = pullRequest(payload, 'merged');
  const content = pullRequestMessage({
    ...event,
    targetBranch: branchName(payload, 'sourceRefName'),
    baseBranch: branchName(payload, 'targetRefName'),
  });
  return { topic, content, eventType: null };
};

/** Azure's own description of the update is quoted. */
export const updated: Handler = (payload) => {
  const { topic, event } = pullRequest(payload, 'updated');
  const content = pullRequestMessage({ ...event, message: requireString(payload, 'detailedMessage.markdown') });
  return { topic, content, eventType: null };
};
