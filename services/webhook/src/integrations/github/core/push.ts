/**
 * Pushes: commits to a branch (filed under `repo / branch`), or a tag pushed or removed (under the
 * repository). Merge-queue branches are GitHub's own scratch pushes and are not told; `branches`
 * limits which branches' pushes are.
 */
import { branchTopic, pushCommitsMessage, pushTagMessage, type Commit } from '../../../framework/git';
import { branchIsNotifiable } from '../../../framework/filters';
import type { Handler } from '../../../framework/integration';
import { requireBool, dig, isObject, optArray, requireString, type Json, type JsonObject } from '../../../framework/payload';
import { branchFromRef, githubMessage, repositoryFullName, repositoryName, repositoryUrl, senderName, tagFromRef } from '../common';

/** The author as the commit list counts them: the GitHub username, else the name in the commit. */
function commitOf(commit: Json): Commit {
  const author = isObject(commit) ? commit.author : undefined;
  const username = dig(author, 'username');
  const name = typeof username === 'string' && username !== '' ? username : requireString(author, 'name');
  return {
    name,
    sha: requireString(commit, 'id'),
    url: requireString(commit, 'url'),
    message: requireString(commit, 'message'),
  };
}

function pushTags(payload: JsonObject, ref: string) {
  const action = requireBool(payload, 'created') ? 'pushed' : 'removed';
  return githubMessage(repositoryName(payload), pushTagMessage(senderName(payload), tagFromRef(ref), null, action), 'push_tags');
}

function pushCommits(payload: JsonObject, ref: string, includeRepository: boolean) {
  const branch = branchFromRef(ref);
  const content = pushCommitsMessage({
    userName: senderName(payload),
    compareUrl: requireString(payload, 'compare'),
    branch,
    commits: optArray(payload, 'commits').map(commitOf),
    deleted: requireBool(payload, 'deleted'),
    forcePush: requireBool(payload, 'forced'),
    repositoryName: includeRepository ? repositoryFullName(payload) : null,
    repositoryUrl: includeRepository ? repositoryUrl(payload) : null,
  });
  return githubMessage(branchTopic(repositoryName(payload), branch), content, 'push_commits');
}

export const push: Handler = (payload, context) => {
  const ref = requireString(payload, 'ref');
  if (ref.startsWith('refs/heads/gh-readonly-queue/')) return null;
  if (!ref.startsWith('refs/heads/')) return pushTags(payload, ref);
  if (!branchIsNotifiable(branchFromRef(ref), context.param('branches'))) return null;
  return pushCommits(payload, ref, context.flag('include_repository_name'));
};
