/**
 * Builds and deliveries: check runs, commit statuses, deployments, GitHub Pages builds and
 * releases.
 */
import type { Handler } from '../../../framework/integration';
import { optString, requireString } from '../../../framework/payload';
import { quote, releaseMessage, shortSha } from '../../../framework/git';
import { dig } from '../../../framework/payload';
import { truthy } from '../../../framework/python';
import { repositoryName, repositoryUrl, senderName } from '../common';

/** Only a finished run is told; its topic gathers every check of the repository. */
const checkRun: Handler = (payload) => {
  if (requireString(payload, 'check_run.status') !== 'completed') return null;
  const topic = `${repositoryName(payload)} / checks`;
  const sha = requireString(payload, 'check_run.head_sha');
  const check = `[${requireString(payload, 'check_run.name')}](${requireString(payload, 'check_run.html_url')})`;
  const commit = `[${shortSha(sha)}](${repositoryUrl(payload)}/commit/${sha})`;
  return { topic, content: `Check ${check} completed (${requireString(payload, 'check_run.conclusion')}). (${commit})` };
};

/** A commit status, linked to the build that set it when there is one. */
const status: Handler = (payload) => {
  const topic = repositoryName(payload);
  const state = requireString(payload, 'state');
  const shown = truthy(dig(payload, 'target_url')) ? `[${state}](${requireString(payload, 'target_url')})` : state;
  const commit = `[${shortSha(requireString(payload, 'sha'))}](${requireString(payload, 'commit.html_url')})`;
  return { topic, content: `${commit} changed its status to ${shown}.` };
};

/** Deployments and their statuses share a topic per environment. */
function deploymentTopic(payload: Parameters<Handler>[0]): string {
  return `${repositoryName(payload)} / Deployment on ${requireString(payload, 'deployment.environment')}`;
}

const deployment: Handler = (payload) => ({
  topic: deploymentTopic(payload),
  content: `${senderName(payload)} created new deployment.`,
});

const deploymentStatus: Handler = (payload) => ({
  topic: deploymentTopic(payload),
  content: `Deployment changed status to ${requireString(payload, 'deployment_status.state')}.`,
});

const PAGE_BUILD_STATES: Record<string, string> = {
  null: 'has yet to be built',
  building: 'is being built',
  errored: 'has failed: {}',
  built: 'has finished building',
};

/** A GitHub Pages build; a failed one quotes GitHub's error. */
const pageBuild: Handler = (payload) => {
  const topic = repositoryName(payload);
  const state = requireString(payload, 'build.status');
  let action = PAGE_BUILD_STATES[state] ?? `is ${state}`;
  // As Zulip does: the error fills the failure's slot, and a state without one is left as it is.
  if (truthy(dig(payload, 'build.error.message'))) action = action.replace('{}', quote(requireString(payload, 'build.error.message')));
  return { topic, content: `GitHub Pages build, triggered by ${requireString(payload, 'build.pusher.login')}, ${action}.` };
};

/** Not every release has a name; the tag stands in for it. */
const release: Handler = (payload) => {
  const topic = repositoryName(payload);
  const tag = requireString(payload, 'release.tag_name');
  const name = truthy(dig(payload, 'release.name')) ? optString(payload, 'release.name') : tag;
  const content = releaseMessage(
    senderName(payload),
    requireString(payload, 'action'),
    tag,
    name,
    requireString(payload, 'release.html_url'),
  );
  return { topic, content };
};

export const deliveryEvents: Record<string, Handler> = {
  check_run: checkRun,
  status,
  deployment,
  deployment_status: deploymentStatus,
  page_build: pageBuild,
  release,
};
