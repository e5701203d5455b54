/** What Notification Bot tells a webhook bot's owner when the integration is misconfigured. */
import type { UserRow } from '@chat/db';

export function streamMissingNotice(botEmail: string, stream: string): string {
  return (
    `Your bot \`${botEmail}\` tried to send a message to channel #**${stream}**, but that channel does not exist. ` +
    'Click [here](#channels/new) to create it.'
  );
}

export function invalidJsonNotice(displayName: string): string {
  return (
    `Hi there! It looks like you tried to set up the Zulip ${displayName} integration,\n` +
    "but didn't correctly configure the webhook to send data in the JSON format\n" +
    'that this integration expects!'
  );
}

/** Zulip's text, but for its last line: this server has no support address to name. */
export function missingHeaderNotice(bot: UserRow, path: string, header: string, displayName: string): string {
  return (
    `Hi there!  Your bot ${bot.full_name} just sent an HTTP request to ${path} that\n` +
    `is missing the HTTP ${header} header.  Because this header is how\n` +
    `${displayName} indicates the event type, this usually indicates a configuration\n` +
    'issue, where you either entered the URL for a different integration, or are running\n' +
    "an older version of the third-party service that doesn't provide that header.\n" +
    "Contact this server's administrators if you need help debugging!"
  );
}
