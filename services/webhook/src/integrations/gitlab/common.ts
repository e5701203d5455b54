/**
 * What GitLab's payloads share: the project (its name and page, under `project` or, in job
 * payloads, `repository`), who acted, branches, assignees, and the message shape every event
 * takes.
 */
import type { WebhookContext, WebhookMessage } from '../../framework/integration';
import { dig, optArray, requireString, type JsonObject } from '../../framework/payload';
import { truthy } from '../../framework/python';

/** The project's name; job payloads carry only `repository`. */
export function repoName(payload: JsonObject): string {
  return 'project' in payload ? requireString(payload, 'project.name') : requireString(payload, 'repository.name');
}

export function projectHomepage(payload: JsonObject): string {
  return 'project' in payload ? requireString(payload, 'project.web_url') : requireString(payload, 'repository.homepage');
}

/** `refs/heads/main` → `main`. */
export function branchName(ref: string): string {
  return ref.replaceAll('refs/heads/', '');
}

/** The acting user's full name, as issue, merge request and comment payloads give it. */
export function actorName(payload: JsonObject): string {
  return requireString(payload, 'user.name');
}

/**
 * The assignees' full names (not usernames, unlike the other git integrations): `assignees`, or
 * the single `assignee` older payloads have.
 */
export function assigneeNames(payload: JsonObject): string[] {
  const many = dig(payload, 'assignees');
  const list = truthy(many) ? optArray(payload, 'assignees') : truthy(dig(payload, 'assignee')) ? [dig(payload, 'assignee')!] : [];
  return list.map((assignee) => requireString(assignee, 'name'));
}

/**
 * The message for an event: when the caller chose the topic, the topic no longer names the
 * project, so the message starts with a link to it.
 */
export function gitlabMessage(payload: JsonObject, context: WebhookContext, topic: string, body: string): WebhookMessage {
  const content = context.topicGiven ? `[[${repoName(payload)}](${projectHomepage(payload)})] ${body}` : body;
  return { topic, content };
}
