/**
 * The line under a CircleCI pipeline's result that says what it ran on: the commit (with its
 * subject, branch and author), a branch's HEAD when run by hand, or the latest tag. GitHub and
 * Bitbucket pipelines describe it under `pipeline.vcs`, GitLab ones under
 * `pipeline.trigger_parameters.gitlab`; each host links commits its own way.
 */
import { shortSha } from '../../framework/git';
import { dig, optString, requireString, type JsonObject } from '../../framework/payload';

function vcsCommit(payload: JsonObject): string {
  const revision = requireString(payload, 'pipeline.vcs.revision');
  const sha = shortSha(revision);
  const repository = requireString(payload, 'pipeline.vcs.target_repository_url');
  const onGitHub = requireString(payload, 'pipeline.vcs.provider_name') === 'github';
  const link = `${repository}/${onGitHub ? 'commit' : 'commits'}/${revision}`;
  const branch = optString(payload, 'pipeline.vcs.branch');
  const subject = optString(payload, 'pipeline.vcs.commit.subject');
  if (!subject) {
    // Only pipelines started by hand have no commit subject.
    if (!branch) return `Triggered on the latest tag on [${sha}](${link}).`;
    return `Triggered on \`${branch}\`'s HEAD on [${sha}](${link}).`;
  }
  const author = requireString(payload, 'pipeline.vcs.commit.author.name');
  return `Triggered on [\`${sha}: ${subject}\`](${link}) on branch \`${branch}\` by ${author}.`;
}

function gitlabCommit(payload: JsonObject): string {
  const gitlab = 'pipeline.trigger_parameters.gitlab';
  const title = requireString(payload, `${gitlab}.commit_title`);
  const checkoutSha = requireString(payload, `${gitlab}.checkout_sha`);
  const author = requireString(payload, `${gitlab}.commit_author_name`);
  const link = `${requireString(payload, `${gitlab}.web_url`)}/-/commit/${checkoutSha}`;
  const branch = requireString(payload, `${gitlab}.branch`);
  return `Triggered on [\`${shortSha(checkoutSha)}: ${title}\`](${link}) on branch \`${branch}\` by ${author}.`;
}

export function commitDetails(payload: JsonObject): string {
  return dig(payload, 'pipeline.vcs') !== undefined ? vcsCommit(payload) : gitlabCommit(payload);
}
