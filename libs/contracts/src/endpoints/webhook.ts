/**
 * Incoming webhooks: one endpoint per integration, POST /external/<name>. The body is the third
 * party's, passed raw whatever its Content-Type; `stream` and `topic` come from the query string.
 * The webhook service pairs each declaration with the module that reads that integration's format.
 */
import { declareEndpoints, type ContractFields } from '../contract';
import * as p from '../params';

/**
 * Third-party payloads are small (Zulip's fixtures are a few KB); 1 MiB leaves room for large
 * alerts while bounding what one request may hold in memory. Push events, which list commits,
 * raise it.
 */
export const DEFAULT_WEBHOOK_BODY_LIMIT = 1024 * 1024;

const webhookParams = {
  stream: p.string({ description: "The stream to post to; absent: a private message to the bot's owner.", example: 'Denmark' }),
  topic: p.string({ description: "The topic; absent: the integration's own.", example: 'Alerts', sample: false }),
};

interface IntegrationOptions {
  /** `api_key` (query parameter) unless the third party can only send HTTP Basic. */
  auth?: 'api_key' | 'basic';
  /** Bytes; larger bodies get a 413 before any parsing. */
  bodyLimit?: number;
}

function integration(
  name: string,
  options: IntegrationOptions = {},
): ContractFields<typeof webhookParams, Record<string, never>> & { auth: 'webhook' } {
  return {
    method: 'POST',
    path: `/external/${name}`,
    auth: 'webhook',
    webhookAuth: options.auth ?? 'api_key',
    summary: `Incoming webhook: post the ${name} integration's payload as messages`,
    description:
      `Called by ${name} itself: an incoming-webhook bot's URL, with its API key, turns each payload (JSON, the body) ` +
      'into a message. The answer is the usual envelope.',
    params: webhookParams,
    success: {},
    errors: [413],
    rawBody: { limit: options.bodyLimit ?? DEFAULT_WEBHOOK_BODY_LIMIT },
  };
}

export const webhookEndpoints = declareEndpoints('webhook', {
  helloworld: integration('helloworld'),
  slack_incoming: integration('slack_incoming'),
  json: integration('json'),
  github: integration('github', { bodyLimit: 5 * 1024 * 1024 }),
  alertmanager: integration('alertmanager'),
  grafana: integration('grafana'),
  gitlab: integration('gitlab', { bodyLimit: 5 * 1024 * 1024 }),
  sentry: integration('sentry'),
  gogs: integration('gogs', { bodyLimit: 5 * 1024 * 1024 }),
  gitea: integration('gitea', { bodyLimit: 5 * 1024 * 1024 }),
});
