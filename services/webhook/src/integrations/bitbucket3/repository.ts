/**
 * Repository events: the test ping Bitbucket Server's settings send, comments on commits, forks,
 * renames, and pushes (branches created, updated and deleted, tags pushed and removed).
 */
import { invalidArgument, missingArgument } from '@chat/errors';
import { unsupportedEvent } from '../../framework/errors';
import { branchIsNotifiable } from '../../framework/filters';
import { branchTopic, commitCommentMessage, createBranchMessage, pushTagMessage, removeBranchMessage } from '../../framework/git';
import type { Handler, WebhookMessage } from '../../framework/integration';
import { requireString, type Json, type JsonObject } from '../../framework/payload';
import { repoChangeMessage } from '../bitbucket2/repository';
import { selfUrl, userLink } from './common';

export const ping: Handler = () => ({
  topic: 'Bitbucket Server Ping',
  content: 'Congratulations! The Bitbucket Server webhook was configured successfully!',
});

/** A comment on a commit added, edited or deleted (struck through). */
export function commitComment(action: 'commented' | 'edited their comment' | 'deleted their comment'): Handler {
  return (payload) => {
    const topic = requireString(payload, 'repository.name');
    const sha = requireString(payload, 'commit');
    // The repository's page ends in "browse"; its commits are beside it.
    const commitUrl = `${selfUrl(payload, 'repository').replace(/browse$/, '')}commits/${sha}`;
    const text = requireString(payload, 'comment.text');
    const message = action === 'deleted their comment' ? `~~${text}~~` : text;
    return { topic, content: commitCommentMessage(userLink(payload), action, commitUrl, sha, message) };
  };
}

/** Told in the topic of the repository forked. */
export const forked: Handler = (payload) => {
  const topic = requireString(payload, 'repository.origin.name');
  const who = `User ${requireString(payload, 'actor.displayName')}(login: ${userLink(payload)})`;
  const into = `[${requireString(payload, 'repository.name')}](${selfUrl(payload, 'repository')})`;
  return { topic, content: `${who} forked the repository into ${into}.` };
};

/** Bitbucket Server tells only renames; the message goes to the new name's topic. */
export const modified: Handler = (payload) => {
  const name = requireString(payload, 'new.name');
  const old = requireString(payload, 'old.name');
  return { topic: name, content: repoChangeMessage(userLink(payload), 'name', old, old, name) };
};

/** A change of a kind Bitbucket Server did not send when this was written, named as `<event>.<kind>`. */
function unknownChange(payload: JsonObject, kind: string): never {
  throw unsupportedEvent(`${requireString(payload, 'eventKey')}.${kind}`);
}

function branchChange(payload: JsonObject, change: Json): WebhookMessage {
  const type = requireString(change, 'type');
  const repo = requireString(payload, 'repository.name');
  const user = userLink(payload);
  const branch = requireString(change, 'ref.displayId');
  const head = requireString(change, 'toHash');
  let content: string;
  if (type === 'ADD') content = createBranchMessage(user, null, branch);
  else if (type === 'UPDATE') content = `${user} pushed to branch ${branch}. Head is now ${head}.`;
  else if (type === 'DELETE') content = removeBranchMessage(user, branch);
  else return unknownChange(payload, type);
  return { topic: branchTopic(repo, branch), content };
}

function tagChange(payload: JsonObject, change: Json): WebhookMessage {
  const type = requireString(change, 'type');
  const repo = requireString(payload, 'repository.name');
  const tag = requireString(change, 'ref.displayId');
  const action = type === 'ADD' ? 'pushed' : type === 'DELETE' ? 'removed' : unknownChange(payload, type);
  return { topic: repo, content: pushTagMessage(userLink(payload), tag, null, action) };
}

/** One message per ref changed; branches outside `branches` are left out. */
export const refsChanged: Handler = (payload, context) => {
  const changes = payload.changes;
  if (changes === undefined) throw missingArgument('changes');
  if (!Array.isArray(changes)) throw invalidArgument('changes', changes);
  const messages: WebhookMessage[] = [];
  for (const change of changes) {
    const target = requireString(change, 'ref.type');
    if (target === 'BRANCH') {
      if (branchIsNotifiable(requireString(change, 'ref.displayId'), context.param('branches')))
        messages.push(branchChange(payload, change));
    } else if (target === 'TAG') messages.push(tagChange(payload, change));
    else unknownChange(payload, target);
  }
  return messages;
};
