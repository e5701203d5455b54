/**
 * Telling a webhook bot's owner that its integration is misconfigured (Zulip's
 * send_rate_limited_pm_to_bot_owner): a private message from Notification Bot, at most one per
 * bot per BOT_OWNER_STREAM_ALERT_WAITPERIOD_MS, so a third party retrying a broken hook does not
 * flood the owner. The sender of the webhook request never sees a failure of this notice.
 */
import type { Knex } from 'knex';
import { messageEndpoints } from '@chat/contracts';
import { NOTIFICATION_BOT_EMAIL, type UserRow } from '@chat/db';
import type { WebhookRequestDeps } from '../deps';
import { botOwner } from '../queries/bot-owner';

/** Zulip's UserProfile.BOT_OWNER_STREAM_ALERT_WAITPERIOD (1 minute in 2.1's code). */
export const BOT_OWNER_STREAM_ALERT_WAITPERIOD_MS = 60_000;

/**
 * Takes the bot's reminder slot when the last reminder is older than the wait period. One
 * statement, so concurrent requests (on any replica) cannot both send.
 */
async function claimReminder(db: Knex, botId: number): Promise<boolean> {
  const result = (await db.raw(
    `INSERT INTO webhook_bot_reminders AS r (bot_id, last_reminder) VALUES (?, now())
     ON CONFLICT (bot_id) DO UPDATE SET last_reminder = excluded.last_reminder
       WHERE r.last_reminder < excluded.last_reminder - ? * interval '1 millisecond'
     RETURNING bot_id`,
    [botId, BOT_OWNER_STREAM_ALERT_WAITPERIOD_MS],
  )) as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Returns whether a notice was sent. Only bots with an owner in their own realm get one. */
export async function notifyBotOwner(deps: WebhookRequestDeps, bot: UserRow, content: string): Promise<boolean> {
  if (!bot.is_bot) return false;
  const owner = await botOwner(deps.db, bot);
  if (!owner) return false;
  if (!(await claimReminder(deps.db, bot.id))) return false;
  try {
    await deps.internal.call(
      messageEndpoints.sendInternalMessage,
      { sender_email: NOTIFICATION_BOT_EMAIL, type: 'private', to: [owner.email], content, client: 'Internal' },
      { realmId: bot.realm_id },
    );
    return true;
  } catch (err) {
    // The notice is a courtesy: the webhook's own answer must not change because it failed.
    deps.logger.warn({ err, botId: bot.id }, 'could not notify the owner of a webhook bot');
    return false;
  }
}
