/**
 * Telling a webhook bot's owner that its integration is misconfigured (Zulip's
 * send_rate_limited_pm_to_bot_owner): a private message from Notification Bot, at most one per
 * bot per BOT_OWNER_STREAM_ALERT_WAITPERIOD_MS, so a third party retrying a broken hook does not
 * flood the owner. The sender of the webhook request never sees a failure of this notice.
 */
import type { Knex } from 'knex';
import { getUserById, type UserRow } from '@chat/db';
import type { Logger } from '@chat/log';
import type { InternalClient } from '@chat/http';

/** Zulip's UserProfile.BOT_OWNER_STREAM_ALERT_WAITPERIOD (1 minute in 2.1's code). */
export const BOT_OWNER_STREAM_ALERT_WAITPERIOD_MS = 60_000;

/** Zulip's settings.NOTIFICATION_BOT, the system bot that speaks for the server. */
export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';

export interface AlertDeps {
  db: Knex;
  internal: InternalClient;
  logger: Logger;
}

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
export async function notifyBotOwner(deps: AlertDeps, bot: UserRow, content: string): Promise<boolean> {
  if (!bot.is_bot || bot.bot_owner_id === null) return false;
  const owner = await getUserById(deps.db, bot.realm_id, bot.bot_owner_id);
  if (!owner) return false;
  if (!(await claimReminder(deps.db, bot.id))) return false;
  try {
    await deps.internal.call({
      service: 'message',
      method: 'POST',
      path: '/internal/messages',
      realmId: bot.realm_id,
      params: { sender_email: NOTIFICATION_BOT_EMAIL, type: 'private', to: [owner.email], content, client: 'Internal' },
    });
    return true;
  } catch (err) {
    // The notice is a courtesy: the webhook's own answer must not change because it failed.
    deps.logger.warn({ err, botId: bot.id }, 'could not notify the owner of a webhook bot');
    return false;
  }
}

export function streamMissingNotice(botEmail: string, stream: string): string {
  return (
    `Your bot \`${botEmail}\` tried to send a message to stream #**${stream}**, but that stream does not exist. ` +
    'Click [here](#streams/new) to create it.'
  );
}

export function invalidJsonNotice(displayName: string): string {
  return (
    `Hi there! It looks like you tried to setup the Zulip ${displayName} integration,\n` +
    "but didn't correctly configure the webhook to send data in the JSON format\n" +
    'that this integration expects!'
  );
}

export function missingHeaderNotice(bot: UserRow, path: string, header: string, displayName: string): string {
  return (
    `Your bot \`${bot.email}\` received a request at \`${path}\` without the HTTP header \`${header}\`, ` +
    `which ${displayName} uses to say what kind of event it sends. The webhook URL may belong to another ` +
    `integration, or the sending service may be too old to send that header.`
  );
}
