/**
 * One endpoint per integration: POST /external/<name>, the body raw whatever its Content-Type,
 * `stream` and `topic` from the query string. The gateway has authenticated the caller (api_key
 * or HTTP Basic, per the route table); errors the integration raises are answered as Zulip does,
 * and those that mean a misconfigured hook are also told to the bot's owner.
 */
import type { Request } from 'express';
import { getUserById } from '@chat/db';
import { ApiError, badRequest } from '@chat/errors';
import type { webhookEndpoints } from '@chat/contracts';
import { implement, type AnyEndpoint } from '@chat/http';
import { notifyBotOwner } from '../actions/owner-alerts';
import { sendWebhookMessages } from '../actions/send-webhook-message';
import type { WebhookRequestDeps } from '../deps';
import { invalidJsonNotice, missingHeaderNotice } from '../lib/owner-notices';
import { realmUsers } from './realm-users';
import { MisconfiguredPayloadError } from './incidents';
import { clientNameFor, type Integration } from './integration';
import { messagesFor } from './run';
import { unquote } from './unquote';

function lastValues(query: Request['query']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') values[key] = last;
  }
  return values;
}

/** Any integration's declaration: they share their parameters and answer. */
export type WebhookContract = (typeof webhookEndpoints)[keyof typeof webhookEndpoints];

export function webhookEndpoint(contract: WebhookContract, integration: Integration, deps: WebhookRequestDeps): AnyEndpoint {
  return implement(contract, async ({ params, identity, req, rawBody }) => {
    const sender = await getUserById(deps.db, identity.realmId, identity.userId);
    // The gateway refuses these already; a deactivation racing the request gets the same answer.
    if (!sender || !sender.is_active) throw badRequest('Account is deactivated');
    let messages;
    try {
      messages = await messagesFor(
        integration,
        contract.displayName,
        { body: rawBody ?? Buffer.alloc(0), headers: req.headers, query: lastValues(req.query) },
        realmUsers(deps.db, sender.realm_id),
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_JSON') {
        await notifyBotOwner(deps, sender, invalidJsonNotice(contract.displayName));
      } else if (err instanceof ApiError && err.code === 'MISSING_HTTP_EVENT_HEADER') {
        const header = String(err.extra.header);
        await notifyBotOwner(deps, sender, missingHeaderNotice(sender, `${req.baseUrl}${req.path}`, header, contract.displayName));
      } else if (err instanceof MisconfiguredPayloadError) {
        await notifyBotOwner(deps, sender, err.notice(sender.full_name));
      }
      throw err;
    }
    const destination =
      integration.unquoteUrlParameters && params.stream !== undefined
        ? { stream: unquote(params.stream), topic: params.topic === undefined ? undefined : unquote(params.topic) }
        : params;
    await sendWebhookMessages(deps, sender, clientNameFor(contract.displayName), destination, messages);
    return { ...contract.answerFields };
  });
}
