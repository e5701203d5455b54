/**
 * What every GitHub handler reads the same way: who acted, which repository, the topics Zulip
 * files events under, and how a comment's action is worded. The handlers in core/ and more/ build
 * on these, so that GitHub's messages agree with each other wherever they name the same thing.
 */
import { itemTopic } from '../../framework/git';
import type { WebhookContext, WebhookMessage } from '../../framework/integration';
import { dig, isObject, requireString, type Json, type JsonObject } from '../../framework/payload';

/** The repository's short name (`public-repo`): the topic of most events. */
export function repositoryName(payload: JsonObject): string {
  return requireString(payload, 'repository.name');
}

/** `owner/name`, as messages link the repository. */
export function repositoryFullName(payload: JsonObject): string {
  return requireString(payload, 'repository.full_name');
}

export function repositoryUrl(payload: JsonObject): string {
  return requireString(payload, 'repository.html_url');
}

export function organizationName(payload: JsonObject): string {
  return requireString(payload, 'organization.login');
}

/** Who caused the event: GitHub's `sender`. */
export function senderName(payload: JsonObject): string {
  return requireString(payload, 'sender.login');
}

export function senderUrl(payload: JsonObject): string {
  return requireString(payload, 'sender.html_url');
}

/** `refs/heads/main` → `main`; any other ref stays whole. */
export function branchFromRef(ref: string): string {
  return ref.replace(/^refs\/heads\//, '');
}

/** `refs/tags/v1` → `v1`; any other ref stays whole. */
export function tagFromRef(ref: string): string {
  return ref.replace(/^refs\/tags\//, '');
}

/** Whether `key` is present in an object value, as Python's `key in payload` asks. */
export function has(value: Json | undefined, key: string): boolean {
  return isObject(value) && Object.hasOwn(value, key);
}

/**
 * Whether the payload's issue is a pull request: GitHub sends comments on pull requests as issue
 * comments, and only the issue's `pull_request` key tells them apart.
 */
export function isPullRequestIssue(payload: JsonObject): boolean {
  return has(dig(payload, 'issue'), 'pull_request');
}

/** `repo / PR #1 Title`, from the payload's pull request. */
export function pullRequestTopic(payload: JsonObject): string {
  return itemTopic(
    repositoryName(payload),
    'PR',
    requireString(payload, 'pull_request.number'),
    requireString(payload, 'pull_request.title'),
  );
}

/** `repo / issue #2 Title` (or `PR #2` when the issue is a pull request), from the payload's issue. */
export function issueTopic(payload: JsonObject): string {
  return itemTopic(
    repositoryName(payload),
    isPullRequestIssue(payload) ? 'PR' : 'issue',
    requireString(payload, 'issue.number'),
    requireString(payload, 'issue.title'),
  );
}

/**
 * The title to put in a message's link: only when the caller chose the topic, since the topic
 * names the item otherwise.
 */
export function titleIfTopicGiven(context: WebhookContext, title: () => string): string | null {
  return context.topicGiven ? title() : null;
}

/**
 * How a comment event reads before "on [the item]": "[commented](url)" when created,
 * "edited a [comment](url)" (or deleted) otherwise.
 */
export function commentAction(payload: JsonObject): string {
  const action = requireString(payload, 'action');
  const url = requireString(payload, 'comment.html_url');
  return action === 'created' ? `[commented](${url}) on` : `${action} a [comment](${url}) on`;
}

/**
 * A message, with the event name `only_events`/`exclude_events` match: Zulip's own name for the
 * event (e.g. `push_commits`, `opened_pull_request`), not always GitHub's.
 */
export function githubMessage(topic: string, content: string, eventType: string): WebhookMessage {
  return { topic, content, eventType };
}
