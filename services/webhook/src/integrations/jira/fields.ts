/**
 * Reading a Jira payload as Zulip does: most fields are optional (Jira's versions and add-ons
 * send different shapes), the issue's key and title make the topic, and the issue links to its
 * /browse page on the Jira the payload came from.
 */
import { invalidArgument } from '@chat/errors';
import { dig, requireString, type JsonObject } from '../../framework/payload';

/** A string at `path`; `fallback` when a step is missing, an error when the value is not a string. */
export function stringAt(payload: JsonObject, path: string, fallback = ''): string {
  const found = dig(payload, path);
  if (found === undefined) return fallback;
  if (typeof found !== 'string') throw invalidArgument(path, found);
  return found;
}

/** Some old Jira versions send comment events without the issue. */
function hasIssue(payload: JsonObject): boolean {
  return Object.hasOwn(payload, 'issue');
}

/** The issue's key (BUG-15); without the issue, Jira's internal issue number from the comment's URL. */
export function issueId(payload: JsonObject): string {
  if (!hasIssue(payload)) return requireString(payload, 'comment.self').split('/').at(-3) ?? '';
  return stringAt(payload, 'issue.key');
}

export function issueTitle(payload: JsonObject): string {
  if (!hasIssue(payload)) return 'Upgrade Jira to get the issue title here.';
  return stringAt(payload, 'issue.fields.summary');
}

export function issueTopic(payload: JsonObject): string {
  return `${issueId(payload)}: ${issueTitle(payload)}`;
}

/**
 * The issue as a link to its /browse page, guessed from its REST URL (the payload has no page
 * URL); plain text when the REST URL is not there.
 */
export function issueLink(payload: JsonObject, options: { id?: string; withTitle?: boolean } = {}): string {
  const id = options.id ?? issueId(payload);
  const text = options.withTitle ? `${id}: ${issueTitle(payload)}` : id;
  const base = /^([^\n]*)\/rest\/api\//.exec(stringAt(payload, 'issue.self'));
  return base ? `[${text}](${base[1]}/browse/${id})` : text;
}

/** Who did it: the event's user. */
export function author(payload: JsonObject): string {
  return stringAt(payload, 'user.displayName');
}

/** Python's string.punctuation. */
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export function endsWithPunctuation(text: string): boolean {
  return text !== '' && PUNCTUATION.includes(text.slice(-1));
}
