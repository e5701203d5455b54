/**
 * GitHub Discussions: each discussion has its topic, and what happens to it (created, edited,
 * answered, closed, locked, moved, ...) and its comments are told there.
 */
import { unsupportedEvent } from '../../../framework/errors';
import { pullRequestMessage } from '../../../framework/git';
import type { Handler, WebhookContext } from '../../../framework/integration';
import { optObject, requireString, type JsonObject } from '../../../framework/payload';
import { dig } from '../../../framework/payload';
import { truthy } from '../../../framework/python';
import { repositoryName, senderName } from '../common';

function discussionTopic(payload: JsonObject): string {
  return `${repositoryName(payload)} discussion #${requireString(payload, 'discussion.number')}: ${requireString(payload, 'discussion.title')}`;
}

/** What the messages read from a discussion event, each only when its message needs it. */
class Discussion {
  constructor(
    private readonly payload: JsonObject,
    private readonly titleInLink: boolean,
  ) {}
  get sender(): string {
    return senderName(this.payload);
  }
  get action(): string {
    return requireString(this.payload, 'action');
  }
  get number(): string {
    return requireString(this.payload, 'discussion.number');
  }
  get title(): string {
    return requireString(this.payload, 'discussion.title');
  }
  get url(): string {
    return requireString(this.payload, 'discussion.html_url');
  }
  /** The title after the number, when the caller chose the topic so the topic does not say it. */
  get shownTitle(): string {
    return this.titleInLink ? ` ${this.title}` : '';
  }
  /** `[discussion #3](url)`, titled when the topic is the caller's. */
  get link(): string {
    return `[discussion #${this.number}${this.shownTitle}](${this.url})`;
  }
  field(path: string): string {
    return requireString(this.payload, path);
  }
  /** The comment marked (answered) or unmarked (unanswered) as the answer. */
  answer(path: 'answer' | 'old_answer'): { id: string; url: string; body: string } {
    return { id: this.field(`${path}.id`), url: this.field(`${path}.html_url`), body: this.field(`${path}.body`) };
  }
  has(path: string): boolean {
    return truthy(dig(this.payload, path));
  }
}

const MESSAGES: Record<string, (d: Discussion) => string> = {
  created: (d) =>
    `${d.sender} created [discussion #${d.number}](${d.url}) in ${d.field('discussion.category.name')}:\n\n~~~ quote\n### ${d.title}\n${d.field('discussion.body')}\n~~~`,
  generic: (d) => `${d.sender} ${d.action} ${d.link}.`,
  deleted: (d) => `${d.sender} ${d.action} discussion #${d.number}${d.shownTitle}.`,
  closed: (d) => `${d.sender} ${d.action} ${d.link} as ${d.field('discussion.state_reason')}.`,
  // Zulip's text repeats the title inside the link's target when the topic is the caller's.
  locked: (d) => {
    const reason = d.has('discussion.active_lock_reason') ? ` as ${d.field('discussion.active_lock_reason')}` : '';
    return `${d.sender} ${d.action} [discussion #${d.number}${d.shownTitle}](${d.url}${d.shownTitle})${reason}.`;
  },
  labeled: (d) => `${d.sender} added the ${d.field('label.name')} label to ${d.link}.`,
  unlabeled: (d) => `${d.sender} removed the ${d.field('label.name')} label from ${d.link}.`,
  category_changed: (d) =>
    `${d.sender} changed the category of ${d.link} from ${d.field('changes.category.from.name')} to ${d.field('discussion.category.name')}.`,
  transferred: (d) =>
    `${d.sender} ${d.action} discussion #${d.number}${d.shownTitle} from ${d.field('repository.name')} to ` +
    `${d.field('changes.new_repository.name')} as [discussion #${d.field('changes.new_discussion.number')}](${d.url}).`,
  answered: (d) => {
    const a = d.answer('answer');
    return `${d.sender} marked [comment #${a.id}](${a.url}) as the answer:\n\n~~~ quote\n${a.body}\n~~~`;
  },
  unanswered: (d) => {
    const a = d.answer('old_answer');
    return `${d.sender} marked [comment #${a.id}](${a.url}) as not the answer.`;
  },
  edited_title: (d) => `${d.sender} edited the title of ${d.link}:\n\n~~~ quote\n### ${d.title}\n~~~`,
  edited_body: (d) => `${d.sender} edited ${d.link}:\n\n~~~ quote\n${d.field('discussion.body')}\n~~~`,
};

/** The message for an action: several read alike, and an edit says whether the body or the title changed. */
function messageKey(payload: JsonObject, action: string): string {
  if (['unlocked', 'pinned', 'unpinned', 'reopened'].includes(action)) return 'generic';
  if (action === 'edited') return 'body' in optObject(payload, 'changes') ? 'edited_body' : 'edited_title';
  return action;
}

const discussion: Handler = (payload, context: WebhookContext) => {
  const action = requireString(payload, 'action');
  const key = messageKey(payload, action);
  const message = Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : undefined;
  if (!message) throw unsupportedEvent(`discussion:${action}`);
  const topic = discussionTopic(payload);
  return { topic, content: message(new Discussion(payload, context.topicGiven)) };
};

/** A comment on a discussion, worded as comments on issues are. */
const discussionComment: Handler = (payload, context) => {
  const topic = discussionTopic(payload);
  const action = requireString(payload, 'action');
  const commentUrl = requireString(payload, 'comment.html_url');
  const did = action === 'created' ? `[commented](${commentUrl}) on` : `${action} a [comment](${commentUrl}) on`;
  const content = pullRequestMessage({
    userName: senderName(payload),
    action: did,
    url: requireString(payload, 'discussion.html_url'),
    number: requireString(payload, 'discussion.number'),
    message: requireString(payload, 'comment.body'),
    title: context.topicGiven ? requireString(payload, 'discussion.title') : null,
    type: 'discussion',
  });
  return { topic, content };
};

export const discussionEvents: Record<string, Handler> = { discussion, discussion_comment: discussionComment };
