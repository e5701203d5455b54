/** CI: jobs (once "builds"), pipelines with their jobs and artifacts, and deployments. */
import { unsupportedEvent } from '../../framework/errors';
import type { Handler } from '../../framework/integration';
import { isObject, optArray, optString, requireString, type Json } from '../../framework/payload';
import { branchName, gitlabMessage, projectHomepage, repoName } from './common';

/** Zulip's words for a status: a new one "was created", a running one "started". */
function statusPhrase(status: string, createdStatus: string): string {
  if (status === createdStatus) return 'was created';
  if (status === 'running') return 'started';
  return `changed status to ${status}`;
}

export const job: Handler = (payload, context) => {
  const action = statusPhrase(requireString(payload, 'build_status'), 'created');
  const body = `Build ${requireString(payload, 'build_name')} from ${requireString(payload, 'build_stage')} stage ${action}.`;
  const topic = `${requireString(payload, 'repository.name')} / ${branchName(requireString(payload, 'ref'))}`;
  return gitlabMessage(payload, context, topic, body);
};

/** A pipeline's jobs, each with its status and, when it built one, its artifact's links. */
function jobList(jobs: readonly Json[], homepage: string): string {
  return jobs
    .filter(isObject)
    .map((build) => {
      const url = `${homepage}/-/jobs/${requireString(build, 'id')}`;
      const artifact = optString(build, 'artifacts_file.filename');
      const line = `* [${requireString(build, 'name')}](${url}) - ${requireString(build, 'status')}`;
      return artifact
        ? `${line}\n  * built artifact: *${artifact}* [[Browse](${url}/artifacts/browse)|[Download](${url}/artifacts/download)]`
        : line;
    })
    .join('\n');
}

export const pipeline: Handler = (payload, context) => {
  const id = requireString(payload, 'object_attributes.id');
  // A pipeline waiting for its first job is pending, not created.
  const action = statusPhrase(requireString(payload, 'object_attributes.status'), 'pending');
  const homepage = projectHomepage(payload);
  const body = `[Pipeline (${id})](${homepage}/-/pipelines/${id}) ${action} with build(s):\n${jobList(optArray(payload, 'builds'), homepage)}.`;
  const topic = `${repoName(payload)} / ${branchName(requireString(payload, 'object_attributes.ref'))}`;
  return gitlabMessage(payload, context, topic, body);
};

export const deployment: Handler = (payload, context) => {
  const status = requireString(payload, 'status');
  const deployableUrl = optString(payload, 'deployable_url');
  const deploymentText = deployableUrl ? `[deployment](${deployableUrl})` : 'deployment';
  let body: string;
  if (status === 'running') {
    const user = `[${requireString(payload, 'user.name')}](${requireString(payload, 'user_url')})`;
    const commitUrl = requireString(payload, 'commit_url');
    const sha = commitUrl.split('/').pop()!.slice(0, 7);
    body = `${user} started a new ${deploymentText}:\n> [${sha}](${commitUrl}) ${requireString(payload, 'commit_title')}`;
  } else if (status === 'success') body = `The ${deploymentText} was successful.`;
  else if (status === 'failed') body = `The ${deploymentText} failed.`;
  else if (status === 'canceled') body = `The ${deploymentText} was canceled.`;
  // Zulip words no other status (a blocked deployment, say): answered as unsupported, not as a failure.
  else throw unsupportedEvent(`Deployment Hook ${status}`);
  const topic = `${repoName(payload)} / ${requireString(payload, 'environment')}`;
  return gitlabMessage(payload, context, topic, body);
};
