/**
 * GitLab (project webhooks). The event is in the X-Gitlab-Event header: pushes, tag pushes,
 * merge requests, issues (confidential ones too) and comments are told; pipelines, jobs, wiki
 * and the rest are answered as unsupported.
 */
import { unsupportedEvent } from '../framework/errors';
import { itemEvent, pushMessage, type ItemRef } from '../framework/git-legacy';
import type { Integration, WebhookMessage } from '../framework/integration';
import { isObject, optArray, optObject, optString, parseJsonObject, type JsonObject } from '../framework/payload';
import { branchOf, branchTopic, issueTopic, eventHeader, link, shortSha } from '../framework/text';

const NAME = 'GitLab';
const NULL_SHA = /^0+$/;

function projectName(payload: JsonObject): string {
  return optString(payload, 'project.name') || optString(payload, 'repository.name') || 'GitLab';
}

function userName(payload: JsonObject): string {
  return optString(payload, 'user.name') || optString(payload, 'user_name') || optString(payload, 'user.username');
}

function push(payload: JsonObject): WebhookMessage {
  const project = projectName(payload);
  const who = optString(payload, 'user_name');
  const ref = optString(payload, 'ref');
  const before = optString(payload, 'before');
  const after = optString(payload, 'after');
  if (ref.startsWith('refs/tags/')) {
    return { topic: project, content: `${who} ${NULL_SHA.test(after) ? 'deleted' : 'pushed'} tag ${branchOf(ref)}.` };
  }
  const branch = branchOf(ref);
  const webUrl = optString(payload, 'project.web_url') || optString(payload, 'repository.homepage');
  // GitLab sends no compare URL; its compare page takes the two abbreviated ids.
  const compareUrl = webUrl ? `${webUrl}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}` : '';
  const commits = optArray(payload, 'commits')
    .filter(isObject)
    .map((c) => ({
      sha: optString(c, 'id'),
      message: optString(c, 'message'),
      url: optString(c, 'url'),
      author: optString(c, 'author.name'),
    }));
  const total = Number(optString(payload, 'total_commits_count', String(commits.length)));
  const content = pushMessage({
    pusher: who,
    branch,
    compareUrl,
    commits,
    total: Number.isFinite(total) ? total : commits.length,
    deleted: NULL_SHA.test(after),
  });
  return { topic: branchTopic(project, branch), content };
}

const DID: Record<string, string> = {
  open: 'created',
  reopen: 'reopened',
  close: 'closed',
  merge: 'merged',
  update: 'updated',
  approved: 'approved',
  unapproved: 'unapproved',
};

function itemOf(attributes: JsonObject, kind: 'MR' | 'Issue'): ItemRef {
  return { kind, number: optString(attributes, 'iid'), title: optString(attributes, 'title'), url: optString(attributes, 'url') };
}

function topicFor(payload: JsonObject, item: ItemRef): string {
  return issueTopic(projectName(payload), item.kind as 'MR', item.number, item.title);
}

function mergeRequest(payload: JsonObject, titleInLink: boolean): WebhookMessage {
  const attrs = optObject(payload, 'object_attributes');
  const action = optString(attrs, 'action');
  const did = DID[action];
  if (!did) throw unsupportedEvent(NAME, `Merge Request Hook ${action}`);
  const item = itemOf(attrs, 'MR');
  const opened = action === 'open';
  const extra = opened ? ` from \`${optString(attrs, 'source_branch')}\` to \`${optString(attrs, 'target_branch')}\`` : '';
  const body = opened ? optString(attrs, 'description') : '';
  return { topic: topicFor(payload, item), content: itemEvent(userName(payload), did, item, titleInLink, extra, body) };
}

function issue(payload: JsonObject, titleInLink: boolean): WebhookMessage {
  const attrs = optObject(payload, 'object_attributes');
  const action = optString(attrs, 'action');
  const did = DID[action];
  if (!did || action === 'merge') throw unsupportedEvent(NAME, `Issue Hook ${action}`);
  const item = itemOf(attrs, 'Issue');
  const body = action === 'open' ? optString(attrs, 'description') : '';
  return { topic: topicFor(payload, item), content: itemEvent(userName(payload), did, item, titleInLink, '', body) };
}

function note(payload: JsonObject, titleInLink: boolean): WebhookMessage {
  const attrs = optObject(payload, 'object_attributes');
  const type = optString(attrs, 'noteable_type');
  const commented = link('commented', optString(attrs, 'url'));
  const who = userName(payload);
  const body = optString(attrs, 'note');
  if (type === 'MergeRequest' || type === 'Issue') {
    const target = optObject(payload, type === 'MergeRequest' ? 'merge_request' : 'issue');
    const item = itemOf(target, type === 'MergeRequest' ? 'MR' : 'Issue');
    return { topic: topicFor(payload, item), content: itemEvent(who, `${commented} on`, item, titleInLink, '', body) };
  }
  if (type === 'Commit') {
    const sha = optString(payload, 'commit.id');
    const content = `${who} ${commented} on ${link(shortSha(sha), optString(payload, 'commit.url'))}:\n\n~~~ quote\n${body.trim()}\n~~~`;
    return { topic: projectName(payload), content };
  }
  throw unsupportedEvent(NAME, `Note Hook ${type}`);
}

export const gitlab: Integration = {
  name: 'gitlab',
  parse: () => ({}),
  handle(_payload, { request }) {
    const { body, headers, query } = request;
    const event = eventHeader(headers, 'X-Gitlab-Event');
    const payload = parseJsonObject(body);
    const titleInLink = query.topic !== undefined;
    switch (event) {
      case 'Push Hook':
      case 'Tag Push Hook':
        return [push(payload)];
      case 'Merge Request Hook':
        return [mergeRequest(payload, titleInLink)];
      case 'Issue Hook':
      case 'Confidential Issue Hook':
        return [issue(payload, titleInLink)];
      case 'Note Hook':
      case 'Confidential Note Hook':
        return [note(payload, titleInLink)];
      default:
        throw unsupportedEvent(NAME, event);
    }
  },
};
