/**
 * Events about the repository itself, told in its topic: forks, comments on commits, commit
 * statuses set by build systems, and changes to its settings.
 */
import { commitCommentMessage, endsWithPunctuation, shortSha } from '../../framework/git';
import type { Handler } from '../../framework/integration';
import { requireString } from '../../framework/payload';
import { actorInfo, htmlUrl, need, repoName } from './common';
import { pythonStr, truthy } from '../../framework/python';

export const fork: Handler = (payload) => {
  const into = `[${requireString(payload, 'fork.full_name')}](${htmlUrl(payload, 'fork')})`;
  return { topic: repoName(payload), content: `${actorInfo(payload)} forked the repository into ${into}.` };
};

export const commitComment: Handler = (payload) => {
  const content = commitCommentMessage(
    actorInfo(payload),
    `[commented](${htmlUrl(payload, 'comment')})`,
    htmlUrl(payload, 'comment.commit'),
    requireString(payload, 'comment.commit.hash'),
    requireString(payload, 'comment.content.raw'),
  );
  return { topic: repoName(payload), content };
};

export const commitStatusChanged: Handler = (payload) => {
  // The status links the commit in the API; its id is the link's last segment.
  const commitId = requireString(payload, 'commit_status.links.commit.href').split('/').pop()!;
  const commit = `[${shortSha(commitId)}](${htmlUrl(payload, 'repository')}/commits/${commitId})`;
  const system = `[System ${requireString(payload, 'commit_status.key')}](${requireString(payload, 'commit_status.url')})`;
  const state = requireString(payload, 'commit_status.state');
  return { topic: repoName(payload), content: `${system} changed status of ${commit} to ${state}.` };
};

/** A repository setting changed, or set where it was empty; the full stop is left out after punctuation. */
export function repoChangeMessage(actor: string, change: string, repo: string, old: string | null, value: string): string {
  const from = old === null ? '' : ` from **${old}**`;
  const message = `${actor} changed the ${change} of the **${repo}** repo${from} to **${value}**`;
  return endsWithPunctuation(value) ? message : `${message}.`;
}

/** The settings told, in this order; `full_name` reads as "full name". */
const CHANGES = ['website', 'name', 'links', 'language', 'full_name', 'description'];

export const repoUpdated: Handler = (payload) => {
  const repo = requireString(payload, 'repository.name');
  const actor = actorInfo(payload);
  let body = '';
  for (const change of CHANGES) {
    const value = need(payload, `changes.${change}.new`);
    const old = need(payload, `changes.${change}.old`);
    if (!truthy(value)) continue;
    const name = change === 'full_name' ? 'full name' : change;
    body += `${repoChangeMessage(actor, name, repo, truthy(old) ? pythonStr(old) : null, pythonStr(value))}\n`;
  }
  return { topic: repoName(payload), content: body };
};
