/**
 * Buildbot's HTTP status push (its "zulip" reporter): a build started ("new") or finished, with
 * its result, one topic per project.
 */
import { anomalousPayload } from '../framework/errors';
import type { Handler, Integration } from '../framework/integration';
import { dig, requireString } from '../framework/payload';

/** Buildbot's result codes, in order (docs.buildbot.net, "Build Result Codes"). */
const RESULTS = ['success', 'warnings', 'failure', 'skipped', 'exception', 'retry', 'cancelled'] as const;

/** A build without a project goes under "general". */
function topicOf(payload: Parameters<Handler>[0]): string {
  return requireString(payload, 'project') || 'general';
}

function buildLink(payload: Parameters<Handler>[0]): string {
  return `[#${requireString(payload, 'buildid')}](${requireString(payload, 'url')})`;
}

const started: Handler = (payload) => {
  const topic = topicOf(payload);
  const content = `Build ${buildLink(payload)} for **${requireString(payload, 'buildername')}** started.`;
  return { topic, content };
};

const finished: Handler = (payload) => {
  const topic = topicOf(payload);
  const code = dig(payload, 'results');
  const result = typeof code === 'number' ? RESULTS[code] : undefined;
  if (result === undefined) throw anomalousPayload();
  const content = `Build ${buildLink(payload)} (result: ${result}) for **${requireString(payload, 'buildername')}** finished.`;
  return { topic, content };
};

export const buildbot: Integration = {
  name: 'buildbot',
  eventOf: (payload) => requireString(payload, 'event'),
  events: { new: started, finished },
};
