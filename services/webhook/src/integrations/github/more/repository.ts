/**
 * What happens to a repository itself: branches and tags created or deleted, forks, stars,
 * collaborators, visibility, creation, teams given access and wiki edits. Each is one line in
 * the repository's topic (the wiki has its own).
 */
import type { Handler } from '../../../framework/integration';
import { isObject, optArray, requireString } from '../../../framework/payload';
import { repositoryFullName, repositoryName, repositoryUrl, senderName, senderUrl } from '../common';

/** `create` and `delete`: a branch or tag by name (GitHub sends no link for either). */
function refEvent(did: 'created' | 'deleted'): Handler {
  return (payload) => ({
    topic: repositoryName(payload),
    content: `${senderName(payload)} ${did} ${requireString(payload, 'ref_type')} ${requireString(payload, 'ref')}.`,
  });
}

const fork: Handler = (payload) => ({
  topic: repositoryName(payload),
  content: `${senderName(payload)} forked [${requireString(payload, 'forkee.name')}](${requireString(payload, 'forkee.html_url')}).`,
});

/** A collaborator added to the repository. */
const member: Handler = (payload) => {
  const topic = repositoryName(payload);
  const who = `[${requireString(payload, 'member.login')}](${requireString(payload, 'member.html_url')})`;
  return {
    topic,
    content: `${senderName(payload)} ${requireString(payload, 'action')} ${who} to [${repositoryName(payload)}](${repositoryUrl(payload)}).`,
  };
};

const publicized: Handler = (payload) => ({
  topic: repositoryName(payload),
  content: `${senderName(payload)} made the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}) public.`,
});

/** `repository`: created, deleted, archived, renamed, ... as GitHub names the action. */
const repository: Handler = (payload) => ({
  topic: repositoryName(payload),
  content: `${senderName(payload)} ${requireString(payload, 'action')} the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}).`,
});

/** `star` (created or deleted) names who, with a link; the older `watch` only stars. */
const star: Handler = (payload) => {
  const topic = repositoryName(payload);
  const did = requireString(payload, 'action') === 'created' ? 'starred' : 'unstarred';
  return {
    topic,
    content: `[${senderName(payload)}](${senderUrl(payload)}) ${did} the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}).`,
  };
};

const watch: Handler = (payload) => ({
  topic: repositoryName(payload),
  content: `${senderName(payload)} starred the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}).`,
});

const teamAdd: Handler = (payload) => ({
  topic: repositoryName(payload),
  content: `The repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}) was added to team ${requireString(payload, 'team.name')}.`,
});

/** `gollum`: every wiki page changed in one push, in the wiki's own topic. */
const gollum: Handler = (payload) => {
  const topic = `${repositoryName(payload)} / wiki pages`;
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
