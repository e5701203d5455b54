/**
 * POST /users/me/subscriptions (Zulip's add_subscriptions_backend): streams that do not exist are
 * created, the caller must be allowed into the ones that do, then the principals (or the caller)
 * are subscribed. Everything is one transaction, so an error leaves no stream or subscription
 * behind; Notification Bot's messages follow the commit.
 */
import { badRequest, plainError } from '@chat/errors';
import {
  getRealm,
  getStreamById,
  POLICY,
  roleMeetsPolicy,
  writeNotices,
  type Executor,
  type RealmRow,
  type StreamRow,
  type UserRow,
} from '@chat/db';
import { type HeldFollowUp } from '@chat/dispatch';
import { settleFollowUps } from '@chat/runtime';
import type { StreamRequest } from '@chat/contracts';
import type { SubscriptionDeps } from '../deps';
import { callerRole, type Caller } from '../lib/caller';
import { normalizeDescription, type Description } from '../lib/description';
import { checkStreamName } from '../lib/stream-names';
import { callerUser, resolvePrincipals } from '../queries/principals';
import { streamsByNames } from '../queries/streams';
import { subscribedStreamIds } from '../queries/subscriptions';
import { requestBotMessages } from './bot-messages';
import { bulkSubscribe } from './bulk-subscribe';
import { createStreams } from './create-streams';
import { botMessages } from './subscribe-bot-messages';

export type { StreamRequest };

export interface AddSubscriptionsRequest {
  subscriptions: StreamRequest[];
  invite_only: boolean;
  is_announcement_only: boolean;
  history_public_to_subscribers: boolean | undefined;
  announce: boolean;
  principals: string[] | number[];
  authorization_errors_fatal: boolean;
}

/** A realm policy's value (Zulip's Realm.POLICY_*), members only where the realm set none. */
type RealmPolicy = (key: string) => number;

function realmPolicy(realm: RealmRow | undefined): RealmPolicy {
  return (key) => Number((realm?.settings ?? {})[key] ?? POLICY.MEMBERS_ONLY);
}

/** The streams asked for by lower-cased name, each name trimmed and valid; a name given twice (in any case) is one stream. */
export function checkStreamRequests(subscriptions: StreamRequest[]): Map<string, StreamRequest> {
  const wanted = new Map<string, StreamRequest>();
  for (const raw of subscriptions) {
    const name = raw.name.trim();
    checkStreamName(name);
    if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), { ...raw, name });
  }
  return wanted;
}

/**
 * Creating streams takes a role create_stream_policy admits (never a guest's); an
 * announcement-only one takes an administrator.
 */
export function checkMayCreateStreams(caller: Caller, request: AddSubscriptionsRequest, policy: RealmPolicy): void {
  if (!roleMeetsPolicy(callerRole(caller), policy('create_stream_policy'))) {
    throw badRequest('User cannot create streams.');
  }
  if (request.is_announcement_only && !caller.isAdmin) throw badRequest('User cannot create a stream with these settings.');
}

/**
 * Zulip's filter_stream_authorization: private streams (any stream, for a guest) need the caller
 * to be subscribed already; administrators are no exception. Fatal when the request says so.
 */
async function checkStreamAuthorization(
  trx: Executor,
  caller: Caller,
  existing: StreamRow[],
  request: AddSubscriptionsRequest,
): Promise<{ authorized: StreamRow[]; unauthorized: StreamRow[] }> {
  const mine = await subscribedStreamIds(trx, caller.userId);
  const unauthorized = existing.filter((s) => !mine.has(s.id) && (s.invite_only || caller.isGuest));
  if (unauthorized.length > 0 && request.authorization_errors_fatal) {
    throw plainError(`Unable to access stream (${unauthorized[0]!.name}).`);
  }
  return { authorized: existing.filter((s) => !unauthorized.includes(s)), unauthorized };
}

/** The users to subscribe: the principals, whom only some callers may name, or the caller. */
async function checkSubscribers(trx: Executor, caller: Caller, request: AddSubscriptionsRequest, policy: RealmPolicy): Promise<UserRow[]> {
  if (request.principals.length === 0) return [await callerUser(trx, caller)];
  if (caller.isGuest) throw badRequest('Not allowed for guest users');
  if (!roleMeetsPolicy(callerRole(caller), policy('invite_to_stream_policy'))) {
    throw plainError("Only administrators can modify other users' subscriptions.");
  }
  return resolvePrincipals(trx, caller.realmId, request.principals);
}

/**
 * Descriptions are rendered in the render pool before the transaction opens, one at a time (the
 * caller's renders in flight are limited); only requests that name a description pay for it.
 */
async function describe(deps: SubscriptionDeps, caller: Caller, wanted: Iterable<StreamRequest>): Promise<Map<StreamRequest, Description>> {
  const described = new Map<StreamRequest, Description>();
  for (const want of wanted) {
    if (want.description) described.set(want, await normalizeDescription(deps.renderer, caller.userId, want.description));
  }
  return described;
}

export async function doAddSubscriptions(
  deps: SubscriptionDeps,
  caller: Caller,
  request: AddSubscriptionsRequest,
): Promise<Record<string, unknown>> {
  const wanted = checkStreamRequests(request.subscriptions);
  const colors = new Map([...wanted].filter(([, w]) => w.color !== undefined).map(([key, w]) => [key, w.color!]));
  const realm = await getRealm(deps.db.knex, caller.realmId);
  const policy = realmPolicy(realm);
  const described = await describe(deps, caller, wanted.values());

  const held: HeldFollowUp[] = [];
  const outcome = await deps.db.knex.transaction(async (trx) => {
    // Archived streams are subscribed to like the others (level 362), never created again.
    const existingByName = await streamsByNames(trx, caller.realmId, [...wanted.keys()], { includeArchived: true });
    const missing = [...wanted].filter(([key]) => !existingByName.has(key)).map(([, w]) => w);
    if (missing.length > 0) checkMayCreateStreams(caller, request, policy);
    const made = await createStreams(trx, caller.realmId, missing, request, described);
    const existing = [...wanted.keys()].map((key) => existingByName.get(key)).filter((s): s is StreamRow => s !== undefined);
    existing.push(...made.existing);
    const { authorized, unauthorized } = await checkStreamAuthorization(trx, caller, existing, request);
    const users = await checkSubscribers(trx, caller, request, policy);

    const result = await bulkSubscribe(trx, caller.realmId, [...authorized, ...made.created], users, {
      externalHost: deps.config.externalHost,
      colors,
      createdStreamIds: new Set(made.created.map((s) => s.id)),
    });
    await writeNotices(trx, [...made.notices, ...result.notices]);
    const notificationsStreamId = realm?.notifications_stream_id ?? null;
    const notificationsStream =
      notificationsStreamId === null ? undefined : await getStreamById(trx, caller.realmId, notificationsStreamId);
    const outcome = { ...result, created: made.created, unauthorized, notificationsStream };
    await requestBotMessages(trx, caller.realmId, botMessages(caller, request, outcome), held);
    return outcome;
  });
  await settleFollowUps({ db: deps.db.knex, internal: deps.internal, logger: deps.logger }, held);

  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  for (const { user, stream } of outcome.subscribed) (subscribed[user.email] ??= []).push(stream.name);
  for (const { user, stream } of outcome.alreadySubscribed) (already[user.email] ??= []).push(stream.name);

  return {
    subscribed,
    already_subscribed: already,
    ...(request.authorization_errors_fatal ? {} : { unauthorized: outcome.unauthorized.map((s) => s.name) }),
  };
}
