/**
 * Notification Bot's notices of a committed move or resolve (Zulip's
 * maybe_send_resolve_topic_notifications and send_message_moved_breadcrumbs), in Zulip's order:
 * the resolve notice (or, undoing a resolve within a minute, the deletion of its notice), then the
 * new thread's, then the old thread's. Each is read for the acting user. A notice that cannot be posted (its stream went away meanwhile) is logged: the move stands.
 */
import { NOTIFICATION_BOT_EMAIL } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { MessageDeps } from '../deps';
import { newThreadNoticeText, oldThreadNoticeText, resolveNoticeText, silentMention, type MovedThread } from '../lib/move-notice-text';
import { realmUrl, topicUrl } from '../notices/narrow-url';
import { loadInternalSender } from '../queries/sender';
import type { MoveOutcome, Thread } from './move-outcome';
import { undoRecentResolveNotice } from './resolve-undo';
import { checkSendMessage, doSendMessage } from './send-message';

interface Notice {
  thread: Thread;
  content: string;
}

const named = (thread: Thread): MovedThread => ({ streamName: thread.stream.name, topic: thread.topic });

async function noticesOf(deps: MessageDeps, outcome: MoveOutcome, botId: number): Promise<Notice[]> {
  const { edit, from, to } = outcome;
  const mention = silentMention(edit.user);
  const notices: Notice[] = [];
  if (edit.resolve && !(await undoRecentResolveNotice(deps.db.knex, edit.user, botId, to))) {
    notices.push({ thread: to, content: resolveNoticeText(edit.resolve, mention) });
  }
  const summary = { count: outcome.messageIds.length, movedAll: outcome.movedAll };
  // Resolving is not announced as a move in the new thread: its own notice says it.
  if (edit.notify.newThread && (edit.streamEdit || !edit.resolve)) {
    const realm = await realmUrl(deps.db.knex, deps.config.externalHost, edit.user.realm_id);
    const messageLink = `${topicUrl(realm, to.stream, to.topic)}/near/${outcome.messageId}`;
    const text = newThreadNoticeText({ ...summary, joinedOthers: outcome.joinedOthers, messageLink }, named(from), mention);
    notices.push({ thread: to, content: text });
  }
  if (edit.notify.oldThread) notices.push({ thread: from, content: oldThreadNoticeText(summary, named(to), mention) });
  return notices;
}

export async function sendEditNotices(deps: MessageDeps, outcome: MoveOutcome): Promise<void> {
  const db = deps.db.knex;
  const { edit } = outcome;
  if (!edit.resolve && !edit.notify.newThread && !edit.notify.oldThread) return;
  const bot = await loadInternalSender(db, edit.user.realm_id, NOTIFICATION_BOT_EMAIL).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    deps.logger.info({ realm: edit.user.realm_id, reason: err.message }, 'no Notification Bot: move notices not posted');
    return undefined;
  });
  if (!bot) return;
  const notices = await noticesOf(deps, outcome, bot.id);
  for (const notice of notices) {
    try {
      const request = {
        type: 'stream',
        to: [notice.thread.stream.id],
        topic: notice.thread.topic,
        content: notice.content,
        client: 'Internal',
      };
      const checked = await checkSendMessage(db, bot, request);
      checked.readFor = [outcome.edit.user.id];
      await doSendMessage(db, deps.renderer, checked, undefined, deps.config.missedMessageEmailDelaySecs * 1000);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      deps.logger.info({ stream: notice.thread.stream.id, reason: err.message }, 'move notice not posted');
    }
  }
}
