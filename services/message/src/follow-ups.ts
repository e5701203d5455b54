/**
 * The follow-ups this service owns (@chat/contracts' followUps): other services request them in
 * their own transactions; the jobs work them whenever this service is up, and the requester may
 * run a held one at once through POST /internal/follow-ups/message (routes/internal.ts).
 */
import { followUps, type FollowUpPayload } from '@chat/contracts';
import { NOTIFICATION_BOT_EMAIL } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { JobHandler } from '@chat/jobs';
import type { FollowUpHandlers } from '@chat/runtime';
import { sendOnce } from './actions/idempotency';
import { checkSendMessage, doSendMessage } from './actions/send-message';
import type { MessageDeps } from './deps';
import { requestHash } from './lib/idempotency-key';
import { notifyAfterQueueGone } from './notifications/deliver';
import { loadInternalSender } from './queries/sender';

type PostBotMessage = FollowUpPayload<typeof followUps.postBotMessage>;

/** One set of handlers per service instance: the jobs and the internal route share its keys in flight. */
const handlersOf = new WeakMap<MessageDeps, FollowUpHandlers>();

export function messageFollowUpHandlers(deps: MessageDeps): FollowUpHandlers {
  const made = handlersOf.get(deps);
  if (made) return made;
  const handlers: FollowUpHandlers = {
    [followUps.postBotMessage.kind]: postBotMessage(deps) as FollowUpHandlers[string],
    [followUps.notifyAfterQueueGone.kind]: notifyAfterQueueGoneHandler(deps) as FollowUpHandlers[string],
  };
  handlersOf.set(deps, handlers);
  return handlers;
}

/** A user's last queue that accepted messages is gone: what they missed meanwhile (./notifications/deliver.ts). */
function notifyAfterQueueGoneHandler(deps: MessageDeps): JobHandler<FollowUpPayload<typeof followUps.notifyAfterQueueGone>> {
  const emailDelayMs = deps.config.missedMessageEmailDelaySecs * 1000;
  return ({ payload }) => notifyAfterQueueGone({ db: deps.db, emailDelayMs }, payload);
}

function postBotMessage(deps: MessageDeps): JobHandler<PostBotMessage> {
  const db = deps.db.knex;
  const keysInFlight = new Set<string>();
  return async ({ id, key, payload }) => {
    const { message } = payload;
    const request = { type: message.type, to: [message.to], topic: message.topic, content: message.content };
    const notice = message.archivedStreamNotice === true ? { archivedStreamNotice: true } : {};
    const sender = await loadInternalSender(db, payload.realmId, NOTIFICATION_BOT_EMAIL);
    // The job's key (its request's, shared with the requester's run) is the send's idempotency key:
    // a rerun (the job after its requester ran it, or after a crash that followed the commit) finds
    // the stored answer instead of posting twice.
    try {
      await sendOnce(db, keysInFlight, { userId: sender.id, key: `follow-up:${key ?? id}`, hash: requestHash(request) }, async (guard) => {
        const checked = await checkSendMessage(db, sender, { ...request, ...notice, client: 'Internal' });
        return { id: await doSendMessage(db, deps.renderer, checked, guard, deps.config.missedMessageEmailDelaySecs * 1000) };
      });
    } catch (err) {
      // 409: the same notice is being posted by the other runner (the requester or the job); this
      // one tries again later and then finds it posted, or posts it if that run rolled back.
      if (!(err instanceof ApiError) || err.status >= 500 || err.status === 409) throw err;
      // The stream or the recipient went away before the job ran: the notice has no one to tell.
      deps.logger.info({ to: message.to, reason: err.message }, 'notification bot message not posted');
    }
  };
}
