/**
 * Travis CI's build notifications: its webhook posts the build as JSON in the form field
 * `payload`. One topic, "builds"; the build's type (push, pull_request, cron, api) is the event
 * `only_events`/`exclude_events` match.
 */
import { badRequest, missingArgument } from '@chat/errors';
import { BUILD_FAILED_EMOJI, BUILD_PASSED_EMOJI, BUILD_PENDING_EMOJI } from '../framework/builds';
import type { Integration, WebhookRequest } from '../framework/integration';
import { isObject, parseJson, type JsonObject } from '../framework/payload';

const GOOD = ['Passed', 'Fixed'];
const BAD = ['Failed', 'Broken', 'Still Failing', 'Errored', 'Canceled'];
const PENDING = ['Pending'];

function emojiFor(status: string): string {
  if (GOOD.includes(status)) return BUILD_PASSED_EMOJI;
  if (BAD.includes(status)) return BUILD_FAILED_EMOJI;
  if (PENDING.includes(status)) return BUILD_PENDING_EMOJI;
  return `(No emoji specified for status '${status}'.)`;
}

/** The `payload` form field (or query parameter) as a JSON object; errors worded as Zulip's. */
function parse(request: WebhookRequest): JsonObject {
  const field = new URLSearchParams(request.body.toString('utf8')).get('payload') ?? request.query.payload;
  if (field === undefined) throw missingArgument('payload');
  let value;
  try {
    value = parseJson(field);
  } catch {
    throw badRequest('payload is not valid JSON');
  }
  if (!isObject(value)) throw badRequest('Invalid payload: Input should be a valid dictionary or instance of TravisPayload');
  return value;
}

/** A string field of the payload, refused as Zulip's payload model refuses it. */
function field(payload: JsonObject, name: string): string {
  const value = payload[name];
  if (value === undefined) throw badRequest(`payload["${name}"] field is missing: Field required`);
  if (typeof value !== 'string') throw badRequest(`payload["${name}"] is not a string`);
  return value;
}

export const travis: Integration = {
  name: 'travis',
  parse,
  eventTypes: ['push', 'pull_request'],
  handle(payload) {
    // In the model's order, so the error names the first bad field as Zulip's does.
    const author = field(payload, 'author_name');
    const status = field(payload, 'status_message');
    const compareUrl = field(payload, 'compare_url');
    const buildUrl = field(payload, 'build_url');
    const type = field(payload, 'type');
    const content = `Author: ${author}\nBuild status: ${status} ${emojiFor(status)}\nDetails: [changes](${compareUrl}), [build log](${buildUrl})`;
    return { topic: 'builds', content, eventType: type };
  },
};
