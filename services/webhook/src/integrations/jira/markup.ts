/**
 * Jira's wiki markup in comments, turned into Zulip markdown the simple way Zulip does: bold,
 * monospace, quotes, code blocks, links, and [~user] mentions named after the realm's user when
 * one matches.
 */
import type { RealmUsers } from '../../framework/integration';

/** Each rewrite in order; `.` of Jira's patterns never crosses a line, as in Python. */
const REWRITES: [RegExp, string][] = [
  // *word* is bold in Jira.
  [/\*([^*]+)\*/g, '**$1**'],
  // {{word}} is monospace.
  [/\{\{([^*]+?)\}\}/g, '`$1`'],
  // A line starting "bq. " is quoted.
  [/bq\. ([^\n]*)/g, '> $1'],
  [/\{quote\}([\s\S]*?)\{quote\}/g, '~~~ quote\n$1\n~~~'],
  [/\{noformat\}([\s\S]*?)\{noformat\}/g, '~~~\n$1\n~~~'],
  // {code} and {code:lang} blocks, without highlighting.
  [/\{code[^\n]*\}([\s\S]*?)\{code\}/g, '~~~\n$1\n~~~'],
  // A bare link [url]; one with a | is a titled link, next.
  [/\[([^|~]+?)\]/g, '[$1]($1)'],
  [/\[(?:([^|~]+)\|)([^\]]*)\]/g, '[$1]($2)'],
];

export async function convertJiraMarkup(content: string, users: RealmUsers): Promise<string> {
  let converted = REWRITES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), content);
  // Jira names the user only by its username: the realm's user of that name or email, if any.
  for (const match of [...converted.matchAll(/\[~([^\n]*?)\]/g)]) {
    const username = match[1]!;
    const user = await users.byNameOrEmailPrefix(username);
    converted = converted.split(`[~${username}]`).join(`**${user ? user.fullName : username}**`);
  }
  return converted;
}
