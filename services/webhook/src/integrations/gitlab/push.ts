/** Pushes to a branch, tags pushed and removed, and the test event GitLab's settings page sends. */
import { branchIsNotifiable } from '../../framework/filters';
import { EMPTY_SHA, pushCommitsMessage, pushTagMessage, removeBranchMessage, type Commit } from '../../framework/git';
import type { Handler } from '../../framework/integration';
import { isObject, optArray, optString, requireString, type JsonObject } from '../../framework/payload';
import { branchName, gitlabMessage, projectHomepage, repoName } from './common';
import { truthy } from '../../framework/python';

function commitsOf(payload: JsonObject): Commit[] {
  return optArray(payload, 'commits')
    .filter(isObject)
    .map((commit) => ({
      name: requireString(commit, 'author.name'),
      sha: requireString(commit, 'id'),
      message: requireString(commit, 'message'),
      url: requireString(commit, 'url'),
    }));
}

export const push: Handler = (payload, context) => {
  const branch = branchName(requireString(payload, 'ref'));
  if (!branchIsNotifiable(branch, context.param('branches'))) return null;
  const userName = requireString(payload, 'user_name');
  // An all-zero `after` is the branch's deletion.
  const body =
    optString(payload, 'after') === EMPTY_SHA
      ? removeBranchMessage(userName, branch)
      : pushCommitsMessage({
          userName,
          // GitLab sends no compare link; its compare page takes the two full ids.
          compareUrl: `${projectHomepage(payload)}/-/compare/${requireString(payload, 'before')}...${requireString(payload, 'after')}`,
          branch,
          commits: commitsOf(payload),
        });
  return gitlabMessage(payload, context, `${repoName(payload)} / ${branch}`, body);
};

export const tagPush: Handler = (payload, context) => {
  const tag = requireString(payload, 'ref').replaceAll('refs/tags/', '');
  // A removed tag has no commit to check out.
  const action = truthy(payload.checkout_sha) ? 'pushed' : 'removed';
  const body = pushTagMessage(requireString(payload, 'user_name'), tag, null, action);
  return gitlabMessage(payload, context, repoName(payload), body);
};

export const testHook: Handler = (payload, context) => {
  const repo = repoName(payload);
  return gitlabMessage(payload, context, repo, `Webhook for **${repo}** has been configured successfully! :tada:`);
};
