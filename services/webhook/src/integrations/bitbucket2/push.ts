/**
 * Pushes: one message per change Bitbucket lists (a branch pushed, force pushed or deleted, a
 * tag pushed or removed), each in its branch's topic, tags in the repository's.
 */
import { branchIsNotifiable } from '../../framework/filters';
import { branchTopic, forcePushMessage, pushCommitsMessage, pushTagMessage, removeBranchMessage, type Commit } from '../../framework/git';
import type { Handler, WebhookMessage } from '../../framework/integration';
import { dig, isObject, requireString, type Json, type JsonObject } from '../../framework/payload';
import { actorInfo, htmlUrl, need, repoName, userInfo } from './common';
import { truthy } from '../../framework/python';

/** The ref a change is about: the new one, or the old one when it was deleted. */
function refOf(change: Json): Json {
  const created = need(change, 'new');
  return truthy(created) ? created : need(change, 'old');
}

function isTag(change: Json): boolean {
  return requireString(refOf(change), 'type') === 'tag';
}

/** A commit's author: their Bitbucket user, else the first word of the git author line. */
function authorName(commit: Json): string {
  const author = need(commit, 'author');
  if (isObject(author) && Object.hasOwn(author, 'user')) return userInfo(author.user);
  return requireString(author, 'raw').split(/\s+/).filter(Boolean)[0] ?? '';
}

function commitsOf(change: Json): Commit[] {
  const commits = need(change, 'commits');
  return (Array.isArray(commits) ? commits : []).map((commit) => ({
    name: authorName(commit),
    sha: requireString(commit, 'hash'),
    url: htmlUrl(commit, ''),
    message: requireString(commit, 'message'),
  }));
}

function tagMessage(payload: JsonObject, change: Json): string {
  const created = truthy(dig(change, 'new'));
  const tag = refOf(change);
  return pushTagMessage(actorInfo(payload), requireString(tag, 'name'), htmlUrl(tag, ''), created ? 'pushed' : 'removed');
}

function branchMessage(payload: JsonObject, change: Json): string {
  const user = actorInfo(payload);
  if (need(change, 'new') === null) return removeBranchMessage(user, requireString(change, 'old.name'));
  const branch = requireString(change, 'new.name');
  if (need(change, 'forced') === true) return forcePushMessage(user, htmlUrl(change, ''), branch, requireString(change, 'new.target.hash'));
  return pushCommitsMessage({
    userName: user,
    compareUrl: htmlUrl(change, ''),
    branch,
    commits: commitsOf(change),
    isTruncated: need(change, 'truncated') === true,
  });
}

export const push: Handler = (payload, context) => {
  const changes = need(payload, 'push.changes');
  if (!Array.isArray(changes) || changes.length === 0) return null;
  // Bitbucket sends one push per branch: its last change names it for the `branches` filter.
  const last = changes[changes.length - 1]!;
  const branch = isTag(last) ? '' : requireString(refOf(last), 'name');
  if (branch && !branchIsNotifiable(branch, context.param('branches'))) return null;
  const repo = repoName(payload);
  return changes.map((change): WebhookMessage => {
    if (isTag(change)) return { topic: repo, content: tagMessage(payload, change) };
    return { topic: branchTopic(repo, requireString(refOf(change), 'name')), content: branchMessage(payload, change) };
  });
};
