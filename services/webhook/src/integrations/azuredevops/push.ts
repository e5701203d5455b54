/** Azure DevOps Repos' "Code pushed" (git.push): the commits pushed to a branch, in git's wording. */
import { branchIsNotifiable } from '../../framework/filters';
import { branchTopic, pushCommitsMessage, type Commit } from '../../framework/git';
import type { Handler } from '../../framework/integration';
import { dig, isObject, optArray, requireString, type JsonObject } from '../../framework/payload';

function refUpdate(payload: JsonObject): JsonObject {
  const first = optArray(payload, 'resource.refUpdates')[0];
  return isObject(first) ? first : {};
}

export function pushedBranch(payload: JsonObject): string {
  return requireString(refUpdate(payload), 'name').replace('refs/heads/', '');
}

export function repositoryName(payload: JsonObject): string {
  return requireString(payload, 'resource.repository.name');
}

export const push: Handler = (payload, context) => {
  const branch = pushedBranch(payload);
  if (!branchIsNotifiable(branch, context.param('branches'))) return null;
  const repositoryUrl = requireString(payload, 'resource.repository.remoteUrl');
  const update = refUpdate(payload);
  const oldId = requireString(update, 'oldObjectId');
  const newId = requireString(update, 'newObjectId');
  // Azure's compare page between the two commits, showing the changed files.
  const compareUrl = `${repositoryUrl}/branchCompare?baseVersion=GC${oldId}&targetVersion=GC${newId}&_a=files`;
  const listed = dig(payload, 'resource.commits');
  const commits: Commit[] = (Array.isArray(listed) ? listed : []).map((commit) => {
    const sha = requireString(commit, 'commitId');
    return {
      name: requireString(commit, 'author.name'),
      sha,
      url: `${repositoryUrl}/commit/${sha}`,
      message: requireString(commit, 'comment'),
    };
  });
  const userName = requireString(payload, 'resource.pushedBy.displayName');
  const content = pushCommitsMessage({ userName, compareUrl, branch, commits });
  return { topic: branchTopic(repositoryName(payload), branch), content, eventType: null };
};
