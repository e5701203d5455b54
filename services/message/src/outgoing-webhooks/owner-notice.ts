/** The private note an outgoing-webhook bot sends its owner when its endpoint failed for good. */

export interface Failure {
  /** Why, as the end of "... because <reason>". */
  reason: string;
  /** The endpoint's status and body, when it answered. */
  status?: number;
  body?: string;
  /** How many times it was tried, when it was retried. */
  attempts?: number;
}

/** Long enough to show an error page's gist, short enough for a chat message. */
const MAX_BODY_CHARS = 1000;

function fenced(text: string): string {
  const clipped = text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…` : text;
  // A fence longer than any run of backticks in the body, so the body cannot close it.
  const longestRun = Math.max(2, ...(clipped.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}\n${clipped}\n${fence}`;
}

export function describeFailure(messageLink: string, failure: Failure): string {
  const tries = failure.attempts === undefined ? '' : ` after ${failure.attempts} tries`;
  const lines = [`Your bot's outgoing webhook, called for [this message](${messageLink}), gave up${tries} because ${failure.reason}.`];
  if (failure.status !== undefined && failure.body) lines.push(`The endpoint's answer was:\n${fenced(failure.body)}`);
  return lines.join('\n');
}
