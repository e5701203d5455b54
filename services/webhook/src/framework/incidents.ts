/**
 * Wording and errors shared by the incident and monitoring integrations (PagerDuty, Opsgenie,
 * New Relic, Zabbix, UptimeRobot, Statuspage, Freshdesk): the answer to a payload that lacks what
 * the hook must be configured to send, with its notice to the bot's owner, and the text of
 * payload values as Zulip's Python writes them.
 */
import { ApiError } from '@chat/errors';
import { UnnamedWebhookError } from './errors';

/**
 * A payload without fields that the sender's hook configuration must supply (Zabbix's script,
 * UptimeRobot's alert contact): the caller gets 400 "Invalid payload", and the bot's owner, who
 * can fix the configuration, is told why (the endpoint sends `notice`).
 */
export class MisconfiguredPayloadError extends ApiError {
  constructor(readonly notice: (botName: string) => string) {
    super('Invalid payload', { code: 'BAD_REQUEST' });
  }
}

/**
 * What the bot's owner is told about a misconfigured hook. `advice` completes "Please make sure
 * that you set the"; the line breaks are Zulip's. This server has no support address setting,
 * so the last sentence points at the server's administrators instead.
 */
export function misconfiguredPayload(advice: string): UnnamedWebhookError {
  return new UnnamedWebhookError(
    (displayName) =>
      new MisconfiguredPayloadError(
        (botName) =>
          `Hi there! Your bot ${botName} just received a ${displayName} payload that is missing\n` +
          'some data that Zulip requires. This usually indicates a configuration issue\n' +
          `in your ${displayName} webhook settings. Please make sure that you set the${advice}\n` +
          `when configuring the ${displayName} webhook. Contact this server's administrators if you\n` +
          'need further help!',
      ),
  );
}

/** The part of an e-mail address before its last "@" (Python's Address(addr_spec=...).username). */
export function emailUsername(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? email : email.slice(0, at);
}
