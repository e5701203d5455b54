/**
 * The wording every git hosting integration shares (Zulip's zerver/lib/webhooks/git.py): topics
 * per branch, item and release; pushes with their commit lists; pull requests and issues; tags,
 * branches, commit comments and releases. GitHub, GitLab, Bitbucket, Gitea, Gogs and Azure DevOps
 * read their payloads into these arguments, so their messages read alike.
 */

export const COMMITS_LIMIT = 20;
const COMMITTERS_LIMIT = 3;
export const EMPTY_SHA = '0000000000000000000000000000000000000000';

/** `repo / branch`. */
export function branchTopic(repo: string, branch: string): string {
  return `${repo} / ${branch}`;
}

/** `repo / PR #12 Title`: one topic per issue or pull request. */
export function itemTopic(repo: string, type: string, id: number | string, title: string): string {
  return `${repo} / ${type} #${id} ${title}`;
}

/** `repo / v1.0 Title`. */
export function releaseTopic(repo: string, tag: string, title: string): string {
  return `${repo} / ${tag} ${title}`;
}

/** Zulip shows 11 characters of a commit id. */
export function shortSha(sha: string): string {
  return sha.slice(0, 11);
}

/** Python's string.punctuation: titles ending in one get no full stop after them. */
export function endsWithPunctuation(text: string): boolean {
  return text !== '' && '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.includes(text[text.length - 1]!);
}

/** A quoted body, as a message's last block. */
export function quote(message: string): string {
  return `\n~~~ quote\n${message}\n~~~`;
}

export interface Commit {
  /** The author's name as the push message counts them. */
  name: string;
  sha: string;
  message: string;
  url?: string;
}

/** Authors by commit count, ties alphabetically; past three the rest are "others". */
function committers(commits: readonly Commit[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const commit of commits) counts.set(commit.name, (counts.get(commit.name) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  if (sorted.length <= COMMITTERS_LIMIT) return sorted;
  const others = sorted.slice(COMMITTERS_LIMIT).reduce((sum, [, n]) => sum + n, 0);
  return [...sorted.slice(0, COMMITTERS_LIMIT), ['others', others]];
}

/** The list of commits: the first twenty, then how many more (or "[and more commit(s)]"). */
export function commitsContent(commits: readonly Commit[], isTruncated = false): string {
  let content = '';
  for (const commit of commits.slice(0, COMMITS_LIMIT)) {
    content += `* ${commit.message.split('\n', 1)[0]} ([${shortSha(commit.sha)}](${commit.url ?? 'None'}))\n`;
  }
  if (commits.length > COMMITS_LIMIT) content += `[and ${commits.length - COMMITS_LIMIT} more commit(s)]`;
  else if (isTruncated) content += '[and more commit(s)]';
  return content.trimEnd();
}

export interface PushOptions {
  userName: string;
  compareUrl?: string | null;
  branch: string;
  commits: readonly Commit[];
  isTruncated?: boolean;
  deleted?: boolean;
  forcePush?: boolean;
  /** With both, the message names the repository (`include_repository_name`). */
  repositoryName?: string | null;
  repositoryUrl?: string | null;
}

export function pushCommitsMessage(o: PushOptions): string {
  if (o.commits.length === 0 && o.deleted) return `${o.userName} [deleted](${o.compareUrl}) the branch ${o.branch}.`;
  const pushType = o.forcePush ? 'force pushed' : 'pushed';
  if (o.commits.length === 0) {
    return o.compareUrl
      ? `${o.userName} [${pushType}](${o.compareUrl}) the branch ${o.branch}.`
      : `${o.userName} ${pushType} the branch ${o.branch}.`;
  }
  const count = `${o.commits.length} commit${o.commits.length > 1 ? 's' : ''}`;
  const pushed = o.compareUrl ? `[${pushType}](${o.compareUrl}) ${count}` : `${pushType} ${count}`;
  const base =
    o.repositoryName && o.repositoryUrl
      ? `${o.userName} ${pushed} to branch ${o.branch} of [${o.repositoryName}](${o.repositoryUrl}).`
      : `${o.userName} ${pushed} to branch ${o.branch}.`;
  const list = commitsContent(o.commits, o.isTruncated);
  const authors = committers(o.commits);
  if (authors.length === 1 && authors[0]![0] === o.userName) return `${base}\n\n${list}`.trimEnd();
  const named = authors.map(([name, n]) => `${name} (${n})`);
  const details = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : named[0];
  return `${base} Commits by ${details}.\n\n${list}`.trimEnd();
}

export function forcePushMessage(userName: string, url: string, branch: string, head: string): string {
  return `${userName} [force pushed](${url}) to branch ${branch}. Head is now ${head}.`;
}

export function createBranchMessage(userName: string, url: string | null, branch: string): string {
  return url === null ? `${userName} created ${branch} branch.` : `${userName} created [${branch}](${url}) branch.`;
}

export function removeBranchMessage(userName: string, branch: string): string {
  return `${userName} deleted branch ${branch}.`;
}

/** "a, b and c" from assignees' usernames. */
export function assigneeList(usernames: readonly string[]): string {
  return usernames.length === 1 ? usernames[0]! : `${usernames.slice(0, -1).join(', ')} and ${usernames[usernames.length - 1]}`;
}

export interface ItemEvent {
  userName: string;
  action: string;
  url: string;
  number?: number | string | null;
  targetBranch?: string | null;
  baseBranch?: string | null;
  message?: string | null;
  assignee?: string | null;
  /** Usernames; wins over `assignee`. */
  assignees?: readonly string[] | null;
  /** For "assigned"/"unassigned": who was (un)assigned. */
  assigneeUpdated?: string | null;
  reviewer?: string | null;
  /** 'PR' by default; 'issue' for issues, 'MR' for GitLab. */
  type?: string;
  /** Given when the caller chose the topic, so the link says which item it is. */
  title?: string | null;
}

const ACTION_WORDS: Record<string, string> = { approval: 'added their approval for', unapproval: 'removed their approval for' };

/** Zulip's get_pull_request_event_message. */
export function pullRequestMessage(e: ItemEvent): string {
  const type = e.type ?? 'PR';
  const id = e.number !== undefined && e.number !== null ? ` #${e.number}` : '';
  const title = e.title !== undefined && e.title !== null ? ` ${e.title}` : '';
  const assigneeWord = e.action === 'assigned' ? ` ${e.assigneeUpdated} to` : e.action === 'unassigned' ? ` ${e.assigneeUpdated} from` : '';
  let main = `${e.userName} ${ACTION_WORDS[e.action] ?? e.action}${assigneeWord} [${type}${id}${title}](${e.url})`;
  const branches = Boolean(e.targetBranch && e.baseBranch);
  if (branches) main += ` from \`${e.targetBranch}\` to \`${e.baseBranch}\``;
  const assignees = e.assignees && e.assignees.length > 0 ? e.assignees : null;
  if (assignees) main += ` (assigned to ${assigneeList(assignees)})`;
  else if (e.assignee) main += ` (assigned to ${e.assignee})`;
  else if (e.reviewer) main += ` (assigned reviewers: ${e.reviewer})`;
  const punctuation = e.message ? ':' : '.';
  if (assignees || e.assignee || branches || e.title === undefined || e.title === null || !endsWithPunctuation(e.title)) {
    main += punctuation;
  }
  if (e.message) main += `\n${quote(e.message)}`;
  return main.trimEnd();
}

export function issueMessage(e: Omit<ItemEvent, 'type' | 'targetBranch' | 'baseBranch' | 'reviewer'>): string {
  return pullRequestMessage({ ...e, type: 'issue' });
}

export interface LabelEvent {
  userName: string;
  userUrl: string;
  /** 'added' or 'removed'. */
  action: string;
  url: string;
  number: number | string;
  labelName: string;
  title?: string | null;
}

export function issueLabelMessage(e: LabelEvent): string {
  const preposition = e.action === 'added' ? 'to' : 'from';
  const title = e.title !== undefined && e.title !== null ? ` ${e.title}` : '';
  return `[${e.userName}](${e.userUrl}) ${e.action} the ${e.labelName} label ${preposition} [Issue #${e.number}${title}](${e.url}).`;
}

export interface MilestoneEvent {
  userName: string;
  userUrl: string;
  action: string;
  url: string;
  number: number | string;
  milestoneName: string;
  milestoneUrl: string;
  title?: string | null;
}

export function issueMilestoneMessage(e: MilestoneEvent): string {
  const preposition = e.action === 'added' ? 'to' : 'from';
  const title = e.title !== undefined && e.title !== null ? ` ${e.title}` : '';
  return `[${e.userName}](${e.userUrl}) ${e.action} milestone [${e.milestoneName}](${e.milestoneUrl}) ${preposition} [issue #${e.number}${title}](${e.url}).`;
}

export function pushTagMessage(userName: string, tagName: string, tagUrl?: string | null, action = 'pushed'): string {
  const tag = tagUrl ? `[${tagName}](${tagUrl})` : tagName;
  const message = `${userName} ${action} tag ${tag}`;
  return endsWithPunctuation(tagName) ? message : `${message}.`;
}

export function commitCommentMessage(userName: string, action: string, commitUrl: string, sha: string, message?: string | null): string {
  const head = `${userName} ${action} on [${shortSha(sha)}](${commitUrl})${message ? ':' : '.'}`;
  return message ? head + quote(message) : head;
}

export function releaseMessage(userName: string, action: string, tagName: string, releaseName: string, url: string): string {
  return `${userName} ${action} release [${releaseName}](${url}) for tag ${tagName}.`;
}
