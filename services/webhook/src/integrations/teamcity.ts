/**
 * TeamCity's tcWebHooks plugin, "Legacy Webhook (JSON)" format: a build started, passed, failed,
 * broke or was fixed, one topic per build configuration (and branch). A personal build (a
 * developer's pre-commit run) goes privately to the developer who started it instead.
 */
import { anomalousPayload } from '../framework/errors';
import { BUILD_FAILED_EMOJI, BUILD_PASSED_EMOJI } from '../framework/builds';
import type { Integration } from '../framework/integration';
import { dig, isObject, optArray, requireString, type Json, type JsonObject } from '../framework/payload';

/**
 * The plugin's other formats (its Slack one, say) carry no `build`: the owner is told once how to
 * set it up, and the request succeeds so TeamCity does not retry it.
 */
const WRONG_FORMAT_NOTICE =
  'Hi there! Your bot {bot} just received a TeamCity payload in a\n' +
  "format that Zulip doesn't recognize. This usually indicates a\n" +
  'configuration issue in your TeamCity webhook settings. Please make sure\n' +
  'that you set the **Payload Format** option to **Legacy Webhook (JSON)**\n' +
  'in your TeamCity webhook configuration. Contact the administrators of this server if you\n' +
  'need further help!';

/** A build property (`teamcityProperties`, a list of name/value pairs). */
function property(build: JsonObject, name: string): string | undefined {
  const found = optArray(build, 'teamcityProperties').find((p: Json) => isObject(p) && requireString(p, 'name') === name);
  return found === undefined ? undefined : requireString(found, 'value');
}

function statusOf(build: JsonObject): string {
  const result = requireString(build, 'buildResult');
  const delta = requireString(build, 'buildResultDelta');
  const status = requireString(build, 'buildStatus');
  if (result === 'success') return delta === 'fixed' ? `has been fixed! ${BUILD_PASSED_EMOJI}` : `was successful! ${BUILD_PASSED_EMOJI}`;
  if (result === 'failure') {
    return delta === 'broken'
      ? `is broken with status ${status}! ${BUILD_FAILED_EMOJI}`
      : `is still broken with status ${status}! ${BUILD_FAILED_EMOJI}`;
  }
  if (result === 'running') return 'has started.';
  throw anomalousPayload();
}

export const teamcity: Integration = {
  name: 'teamcity',
  handle(payload) {
    const build = dig(payload, 'build');
    if (build === undefined) return { topic: '', content: WRONG_FORMAT_NOTICE, to: { botOwnerNotice: true } };
    const buildObject = isObject(build) ? build : {};
    const name = requireString(buildObject, 'buildFullName');
    const logUrl = requireString(buildObject, 'buildStatusUrl');
    const number = requireString(buildObject, 'buildNumber');
    const content = `${name} build ${number} ${statusOf(buildObject)} See [changes](${logUrl}&tab=buildChangesDiv) and [build log](${logUrl}).`;
    const branch = dig(buildObject, 'branchDisplayName');
    const topic = branch === undefined ? name : `${name} (${requireString(buildObject, 'branchDisplayName')})`;
    if (property(buildObject, 'env.BUILD_IS_PERSONAL') === 'true') {
      // "Full Name; IDE": the user's name, then their TeamCity username.
      const fullName = requireString(buildObject, 'triggeredBy').split(';')[0]!;
      const username = property(buildObject, 'teamcity.build.triggeredBy.username');
      const names = username === undefined ? [fullName] : [fullName, username];
      return { topic, content: `Your personal build for ${content}`, to: { userNamed: names } };
    }
    return { topic, content };
  },
};
