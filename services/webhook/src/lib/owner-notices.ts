/** What Notification Bot tells a webhook bot's owner when the integration is misconfigured. */
import type { UserRow } from '@chat/db';

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
