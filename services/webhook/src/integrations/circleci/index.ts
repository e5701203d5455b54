/**
 * CircleCI's webhooks: a job or a workflow finished, one topic per project, saying how it ended
 * and what it ran on; and the test event CircleCI sends when a webhook is set up.
 */
import { badRequest } from '@chat/errors';
import type { Handler, Integration } from '../../framework/integration';
import { dig, requireString, type JsonObject } from '../../framework/payload';
import { commitDetails } from './commit';

const OUTCOMES: Record<string, string> = {
  success: 'has succeeded',
  failed: 'has failed',
  canceled: 'was canceled',
  unauthorized: 'was unauthorized',
  error: 'had an error',
};

/** An outcome CircleCI adds later reads "None", as in Zulip, rather than failing the delivery. */
function outcome(status: string): string {
  return OUTCOMES[status] ?? 'None';
}

/** GitHub, Bitbucket and GitLab pipelines are supported; others carry trigger parameters of their own. */
function checkProvider(payload: JsonObject): void {
  if (dig(payload, 'pipeline.trigger_parameters') !== undefined && requireString(payload, 'pipeline.trigger.type') !== 'gitlab') {
    throw badRequest("Projects using this version control system provider aren't supported");
  }
}

/** What finished (`subject`) and the field holding how it ended. */
function completed(subject: (payload: JsonObject) => string, statusField: string): Handler {
  return (payload) => {
    const topic = requireString(payload, 'project.name');
    const pipeline = requireString(payload, 'pipeline.number');
    const commit = commitDetails(payload);
    const what = subject(payload);
    const content = `${what} within Pipeline #${pipeline} ${outcome(requireString(payload, statusField))}.\n\n${commit}`;
    checkProvider(payload);
    return { topic, content };
  };
}

const job = completed((payload) => `Job \`${requireString(payload, 'job.name')}\``, 'job.status');

const workflow = completed(
  (payload) => `Workflow [\`${requireString(payload, 'workflow.name')}\`](${requireString(payload, 'workflow.url')})`,
  'workflow.status',
);

/** Sent when the webhook is set up; it carries no pipeline. */
const ping: Handler = (payload) => ({
  topic: 'Test event',
  content: `Webhook '${requireString(payload, 'webhook.name')}' test event successful.`,
});

export const circleci: Integration = {
  name: 'circleci',
  eventOf: (payload) => requireString(payload, 'type'),
  events: { ping, 'job-completed': job, 'workflow-completed': workflow },
};
