/**
 * Wording shared by the git hosting integrations (GitHub, GitLab): pushes with their commit
 * lists, and events on issues and pull/merge requests, so both read the same way.
 */
import { link, plural, quoteBlock, shortSha, firstLine } from './text';

/** Commits listed in one push message; the rest are counted, so a big push stays readable. */
export const COMMITS_LIMIT = 20;

export interface PushCommit {
  sha: string;
  message: string;
  url: string;
  author: string;
}

export interface Push {
  pusher: string;
  branch: string;
  compareUrl: string;
  commits: PushCommit[];
  /** Total when the payload lists only some of the commits (GitLab sends at most 20). */
  total?: number;
  deleted?: boolean;
  forced?: boolean;
}

/** "Commits by A (3), B (2) and others (1)." when others than the pusher wrote them. */
function authorsNote(push: Push): string {
  const counts = new Map<string, number>();
  for (const commit of push.commits) counts.set(commit.author, (counts.get(commit.author) ?? 0) + 1);
  if (counts.size === 0 || (counts.size === 1 && counts.has(push.pusher))) return '';
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const named = sorted.slice(0, 3).map(([name, n]) => `${name} (${n})`);
  const others = sorted.slice(3).reduce((sum, [, n]) => sum + n, 0);
  if (others > 0) named.push(`others (${others})`);
  const last = named.pop()!;
  return ` Commits by ${named.length > 0 ? `${named.join(', ')} and ${last}` : last}.`;
}

export function pushMessage(push: Push): string {
  if (push.deleted) return `${push.pusher} ${link('deleted', push.compareUrl)} the branch ${push.branch}.`;
  const total = push.total ?? push.commits.length;
  if (total === 0) return `${push.pusher} ${link('pushed', push.compareUrl)} the branch ${push.branch}.`;
  const verb = push.forced ? 'force pushed' : 'pushed';
  const head = `${push.pusher} ${link(verb, push.compareUrl)} ${plural(total, 'commit')} to branch ${push.branch}.${authorsNote(push)}`;
  const listed = push.commits.slice(0, COMMITS_LIMIT).map((c) => `* ${firstLine(c.message)} (${link(shortSha(c.sha), c.url)})`);
  const more = total - listed.length;
  if (more > 0) listed.push(`[and ${plural(more, 'more commit')}]`);
  return `${head}\n\n${listed.join('\n')}`;
}

export interface ItemRef {
  /** 'PR', 'MR' or 'Issue'. */
  kind: string;
  number: number | string;
  title: string;
  url: string;
}

/**
 * `[PR #1](url)`; with the title when the caller chose the topic, since the topic then no longer
 * says which item this is.
 */
export function itemLink(item: ItemRef, titleInLink: boolean): string {
  return link(`${item.kind} #${item.number}${titleInLink ? ` ${item.title}` : ''}`, item.url);
}

/** "<who> <did> [PR #1](url)<extra>", then the body quoted when there is one. */
export function itemEvent(who: string, did: string, item: ItemRef, titleInLink: boolean, extra = '', body = ''): string {
  const quoted = quoteBlock(body);
  return `${who} ${did} ${itemLink(item, titleInLink)}${extra}${quoted ? `:${quoted}` : '.'}`;
}
