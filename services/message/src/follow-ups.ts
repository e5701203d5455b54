/**
 * The follow-ups this service owns (@chat/contracts' followUps), worked as background jobs: other
 * services request them in their own transactions, and they run here whenever this service is up.
 */
import { followUps, type FollowUpPayload } from '@chat/contracts';
import { NOTIFICATION_BOT_EMAIL } from '@chat/db';
import { ApiError } from '@chat/errors';
import type { Jobs } from '@chat/jobs';
import { sendOnce } from './actions/idempotency';
import { checkSendMessage, doSendMessage } from './actions/send-message';
import type { MessageDeps } from './deps';
import { requestHash } from './lib/idempotency-key';
import { loadInternalSender } from './queries/sender';

type PostBotMessage = FollowUpPayload<typeof followUps.postBotMessage>;

/** Registers this service's follow-up handlers with the process's jobs. */
export async function registerMessageFollowUps(deps: MessageDeps, jobs: Jobs): Promise<void> {
  const db = deps.db.knex;
  const keysInFlight = new Set<string>();
  await jobs.work<PostBotMessage>(followUps.postBotMessage.kind, async ({ id, payload }) => {
    const { message } = payload;
    const request = { type: message.type, to: [message.to], topic: message.topic, content: message.content };
    const sender = await loadInternalSender(db, payload.realmId, NOTIFICATION_BOT_EMAIL);
    // The job's id is the send's idempotency key: a rerun after a crash that followed the commit
    // finds the stored answer instead of posting the message twice.
    try {
      await sendOnce(db, keysInFlight, { userId: sender.id, key: `follow-up:${id}`, hash: requestHash(request) }, async (guard) => {
        const checked = await checkSendMessage(db, sender, { ...request, client: 'Internal' });
        return { id: await doSendMessage(db, deps.renderer, checked, guard, deps.config.missedMessageEmailDelaySecs * 1000) };
      });
    } catch (err) {
      // The stream or the recipient went away before the job ran: the notice has no one to tell.
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      deps.logger.info({ to: message.to, reason: err.message }, 'notification bot message not posted');
    }
  });
}
