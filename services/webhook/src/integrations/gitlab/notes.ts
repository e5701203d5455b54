/**
 * Comments, in the topic of what they are on: a commit (the project's topic), a merge request,
 * an issue, a snippet, or a design (an image attached to an issue).
 */
import { commitCommentMessage, pullRequestMessage, quote } from '../../framework/git';
import type { Handler } from '../../framework/integration';
import { optObject, requireString, type JsonObject } from '../../framework/payload';
import { actorName, gitlabMessage, repoName } from './common';
import { mergeRequestTopic } from './issues';

function commentedLink(payload: JsonObject): string {
  return `[commented](${requireString(payload, 'object_attributes.url')})`;
}

function note(payload: JsonObject): string {
  return requireString(payload, 'object_attributes.note');
}

export const commitNote: Handler = (payload, context) => {
  const commit = optObject(payload, 'commit');
  const body = commitCommentMessage(
    actorName(payload),
    commentedLink(payload),
    requireString(commit, 'url'),
    requireString(commit, 'id'),
    note(payload),
  );
  return gitlabMessage(payload, context, repoName(payload), body);
};

/** A comment on an item with a number: `key` names the item's object in the payload. */
function itemNote(payload: JsonObject, key: 'merge_request' | 'issue' | 'snippet', type: string, url: string, topicGiven: boolean): string {
  const item = optObject(payload, key);
  return pullRequestMessage({
    userName: actorName(payload),
    action: `${commentedLink(payload)} on`,
    url,
    number: requireString(item, key === 'snippet' ? 'id' : 'iid'),
    message: note(payload),
    type,
    title: topicGiven ? requireString(item, 'title') : null,
  });
}

export const mergeRequestNote: Handler = (payload, context) => {
  const mr = optObject(payload, 'merge_request');
  const body = itemNote(payload, 'merge_request', 'MR', requireString(mr, 'url'), context.topicGiven);
  return gitlabMessage(payload, context, mergeRequestTopic(payload, mr, context), body);
};

export const issueNote: Handler = (payload, context) => {
  const issue = optObject(payload, 'issue');
  const body = itemNote(payload, 'issue', 'issue', requireString(issue, 'url'), context.topicGiven);
  const topic = `${repoName(payload)} / issue #${requireString(issue, 'iid')} ${requireString(issue, 'title')}`;
  return gitlabMessage(payload, context, topic, body);
};

export const snippetNote: Handler = (payload, context) => {
  const snippet = optObject(payload, 'snippet');
  // Snippets have had a URL only since GitLab 16.1; before, it is built from the project's.
  const url =
    'url' in snippet
      ? requireString(snippet, 'url')
      : `${requireString(payload, 'project.web_url')}/-/snippets/${requireString(snippet, 'id')}`;
  const body = itemNote(payload, 'snippet', 'snippet', url, context.topicGiven);
  const topic = `${repoName(payload)} / snippet #${requireString(snippet, 'id')} ${requireString(snippet, 'title')}`;
  return gitlabMessage(payload, context, topic, body);
};

/**
 * Design payloads name no issue: the design's path (`designs/issue-1/Screenshot.png`) holds the
 * issue's number and the design's name.
 */
export const designNote: Handler = (payload, context) => {
  const comment = optObject(payload, 'object_attributes');
  const [, issueDir = '', designName = ''] = requireString(comment, 'position.new_path').split('/');
  const issueNumber = issueDir.split('-').pop();
  const designUrl = `${requireString(payload, 'repository.homepage')}/-/issues/${issueNumber}/designs/${designName}`;
  const commentUrl = `${designUrl}#note_${requireString(comment, 'id')}`;
  const body = `${actorName(payload)} [commented](${commentUrl}) on design [${designName}](${designUrl}):\n${quote(note(payload))}`;
  return gitlabMessage(payload, context, `${repoName(payload)} / design ${designName}`, body);
};
