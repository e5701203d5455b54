/**
 * What happens to a repository itself: branches and tags created or deleted, forks, stars,
 * collaborators, visibility, creation, teams given access and wiki edits. Each is one line in
 * the repository's topic (the wiki has its own).
 */
import type { Handler } from '../../../framework/integration';
import { isObject, optArray, requireString } from '../../../framework/payload';
import { repoFullName, repoName, repoUrl, senderName, senderUrl } from './fields';

/** `create` and `delete`: a branch or tag by name (GitHub sends no link for either). */
function refEvent(did: 'created' | 'deleted'): Handler {
  return (payload) => ({
    topic: repoName(payload),
    content: `${senderName(payload)} ${did} ${requireString(payload, 'ref_type')} ${requireString(payload, 'ref')}.`,
  });
}

const fork: Handler = (payload) => ({
  topic: repoName(payload),
  content: `${senderName(payload)} forked [${requireString(payload, 'forkee.name')}](${requireString(payload, 'forkee.html_url')}).`,
});

/** A collaborator added to the repository. */
const member: Handler = (payload) => {
  const topic = repoName(payload);
  const who = `[${requireString(payload, 'member.login')}](${requireString(payload, 'member.html_url')})`;
  return {
    topic,
    content: `${senderName(payload)} ${requireString(payload, 'action')} ${who} to [${repoName(payload)}](${repoUrl(payload)}).`,
  };
};

const publicized: Handler = (payload) => ({
  topic: repoName(payload),
  content: `${senderName(payload)} made the repository [${repoFullName(payload)}](${repoUrl(payload)}) public.`,
});

/** `repository`: created, deleted, archived, renamed, ... as GitHub names the action. */
const repository: Handler = (payload) => ({
  topic: repoName(payload),
  content: `${senderName(payload)} ${requireString(payload, 'action')} the repository [${repoFullName(payload)}](${repoUrl(payload)}).`,
});

/** `star` (created or deleted) names who, with a link; the older `watch` only stars. */
const star: Handler = (payload) => {
  const topic = repoName(payload);
  const did = requireString(payload, 'action') === 'created' ? 'starred' : 'unstarred';
  return {
    topic,
    content: `[${senderName(payload)}](${senderUrl(payload)}) ${did} the repository [${repoFullName(payload)}](${repoUrl(payload)}).`,
  };
};

const watch: Handler = (payload) => ({
  topic: repoName(payload),
  content: `${senderName(payload)} starred the repository [${repoFullName(payload)}](${repoUrl(payload)}).`,
});

const teamAdd: Handler = (payload) => ({
  topic: repoName(payload),
  content: `The repository [${repoFullName(payload)}](${repoUrl(payload)}) was added to team ${requireString(payload, 'team.name')}.`,
});

/** `gollum`: every wiki page changed in one push, in the wiki's own topic. */
const gollum: Handler = (payload) => {
  const topic = `${repoName(payload)} / wiki pages`;
  const pages = optArray(payload, 'pages')
    .filter(isObject)
    .map((page) => `* ${requireString(page, 'action')} [${requireString(page, 'title')}](${requireString(page, 'html_url')})\n`);
  return { topic, content: `${senderName(payload)}:\n${pages.join('').trimEnd()}` };
};

export const repositoryEvents: Record<string, Handler> = {
  create: refEvent('created'),
  delete: refEvent('deleted'),
  fork,
  member,
  public: publicized,
  repository,
  star,
  watch,
  team_add: teamAdd,
  gollum,
};
