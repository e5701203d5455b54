/** Issues: created (with the assignee and the description), updated and commented on. */
import { issueMessage } from '../../framework/git';
import type { Handler, WebhookContext } from '../../framework/integration';
import { requireString, type JsonObject } from '../../framework/payload';
import { actorInfo, htmlUrl, issueTopic, need, userInfo } from './common';
import { truthy } from '../../framework/python';

function issueEvent(payload: JsonObject, context: WebhookContext, action: string): string {
  const created = action === 'created';
  const assignee = created ? need(payload, 'issue.assignee') : null;
  return issueMessage({
    userName: actorInfo(payload),
    action,
    url: htmlUrl(payload, 'issue'),
    number: requireString(payload, 'issue.id'),
    message: created ? requireString(payload, 'issue.content.raw') : null,
    assignee: truthy(assignee) ? userInfo(assignee) : null,
    // The title goes into the link when the caller chose the topic, which then does not name it.
    title: context.topicGiven ? requireString(payload, 'issue.title') : null,
  });
}

export const issueCreated: Handler = (payload, context) => ({
  topic: issueTopic(payload),
  content: issueEvent(payload, context, 'created'),
});

export const issueUpdated: Handler = (payload, context) => ({
  topic: issueTopic(payload),
  content: issueEvent(payload, context, 'updated'),
});

export const issueCommented: Handler = (payload, context) => ({
  topic: issueTopic(payload),
  content: issueEvent(payload, context, `[commented](${htmlUrl(payload, 'comment')}) on`),
});
