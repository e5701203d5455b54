/**
 * Shared wording for integration messages, so that every integration writes topics, links and
 * lists the same way (Zulip's TOPIC_WITH_BRANCH_TEMPLATE and friends).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { missingEventHeader } from './errors';

/** A markdown link; without a URL just the text. Brackets in the text would end the link early. */
export function link(text: string, url: string | undefined | null): string {
  if (!url) return text;
  return `[${text.replace(/[[\]]/g, (c) => `\\${c}`)}](${url})`;
}

/** `repo / branch`: one topic per branch, as Zulip's git integrations. */
export function branchTopic(repo: string, branch: string): string {
  return `${repo} / ${branch}`;
}

/** `repo / PR #12 Title`: one topic per issue or pull request, so its whole story reads in one place. */
export function issueTopic(repo: string, kind: 'PR' | 'MR' | 'issue' | 'Issue', id: number | string, title: string): string {
  return `${repo} / ${kind} #${id} ${title}`;
}

/** Text shown as a quote block (Zulip's "~~~ quote" fence) when there is any. */
export function quoteBlock(text: string): string {
  const body = text.trim();
  return body === '' ? '' : `\n\n~~~ quote\n${body}\n~~~`;
}

/** A commit's first line, as lists of commits show them. */
export function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim();
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** `refs/heads/main` → `main` (tags and other refs keep their path after refs/<kind>/). */
export function branchOf(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The event type from a header (e.g. X-GitHub-Event); a missing one is Zulip's
 * MISSING_HTTP_EVENT_HEADER, and the framework tells the bot's owner.
 */
export function eventHeader(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === '') throw missingEventHeader(name);
  return text;
}
