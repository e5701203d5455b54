/**
 * POST /users/me/subscriptions (Zulip's add_subscriptions_backend): streams that do not exist are
 * created, the caller must be allowed into the ones that do, then the principals (or the caller)
 * are subscribed. Everything is one transaction, so an error leaves no stream or subscription
 * behind; Notification Bot's messages follow the commit.
 */
import { randomBytes } from 'node:crypto';
import { ApiError, badRequest, plainError } from '@chat/errors';
import {
  createRecipient,
  getRealm,
  getStreamById,
  getUserByEmail,
  getUserById,
  RECIPIENT_STREAM,
  writeNotices,
  type Executor,
  type StreamRow,
  type UserRow,
} from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import type { SubscriptionDeps } from '../app';
import { subscribedStreamIds, streamsByNames } from '../store/subscriptions';
import { activeNonGuestUserIds, adminUserIds } from '../store/users';
import type { Caller } from './access';
import { postBotMessages, silentMention, STREAM_EVENTS_TOPIC, youWereSubscribedMessage, type BotMessage } from './bot-messages';
import { bulkSubscribe } from './bulk-subscribe';
import { streamDict } from '@chat/views';
import { normalizeDescription, type Description } from './description';
import { checkStreamName } from './stream-names';

import type { StreamRequest } from '@chat/contracts';

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

/** Realm policies (Zulip's Realm.*_POLICY values): 1 members, 2 administrators only. */
const POLICY_ADMINS = 2;

/** Zulip's PrincipalError: a principal that is not an active user of the realm. */
export function principalError(principal: string | number): ApiError {
  return new ApiError(`User not authorized to execute queries on behalf of '${principal}'`, {
    code: 'UNAUTHORIZED_PRINCIPAL',
    status: 403,
    extra: { principal },
  });
}

/** Zulip's get_default_value_for_history_public_to_subscribers: public streams always share history. */
export function historyPublicDefault(inviteOnly: boolean, requested: boolean | undefined): boolean {
  return inviteOnly ? (requested ?? false) : true;
}

interface Created {
  created: StreamRow[];
  existing: StreamRow[];
  notices: Notice[];
}

/**
 * Zulip's create_streams_if_needed. A stream created concurrently under the same name (any case)
 * is taken as existing, not as an error.
 */
async function createStreams(
  trx: Executor,
  realmId: number,
  wanted: StreamRequest[],
  request: AddSubscriptionsRequest,
  described: Map<StreamRequest, Description>,
): Promise<Created> {
  const result: Created = { created: [], existing: [], notices: [] };
  for (const want of wanted) {
    const { description, rendered } = described.get(want) ?? { description: '', rendered: '' };
    const inviteOnly = request.invite_only;
    const rows: StreamRow[] = await trx('streams')
      .insert({
        realm_id: realmId,
        name: want.name,
        description,
        rendered_description: rendered,
        invite_only: inviteOnly,
        is_announcement_only: request.is_announcement_only,
        history_public_to_subscribers: historyPublicDefault(inviteOnly, request.history_public_to_subscribers),
        email_token: randomBytes(16).toString('hex'),
      })
      .onConflict()
      .ignore()
      .returning('*');
    const row = rows[0];
    if (!row) {
      const raced = (await streamsByNames(trx, realmId, [want.name])).get(want.name.toLowerCase());
      if (raced) result.existing.push(raced);
      continue;
    }
    const recipientId = await createRecipient(trx, RECIPIENT_STREAM, row.id);
    await trx('streams').where({ id: row.id }).update({ recipient_id: recipientId });
    const stream = { ...row, recipient_id: recipientId };
    result.created.push(stream);
    // Everyone who may see a public stream learns of it; a private one only its administrators
    // (its first subscribers get their own `create` when they are subscribed).
    const audience = inviteOnly ? await adminUserIds(trx, realmId) : await activeNonGuestUserIds(trx, realmId);
    result.notices.push(...userEventNoticeIfAnyRecipient(realmId, { type: 'stream', op: 'create', streams: [streamDict(stream)] }, audience));
  }
  return result;
}

/** The active users named by e-mail or by id (feature level 9), each once. */
export async function resolvePrincipals(trx: Executor, realmId: number, principals: string[] | number[]): Promise<UserRow[]> {
  const users = new Map<number, UserRow>();
  for (const principal of principals) {
    const user = typeof principal === 'number' ? await getUserById(trx, realmId, principal) : await getUserByEmail(trx, realmId, principal);
    if (!user || !user.is_active) throw principalError(principal);
    users.set(user.id, user);
  }
  return [...users.values()];
}

export async function addSubscriptions(
  deps: SubscriptionDeps,
  caller: Caller,
  request: AddSubscriptionsRequest,
): Promise<Record<string, unknown>> {
  const wanted = new Map<string, StreamRequest>();
  for (const raw of request.subscriptions) {
    const name = raw.name.trim();
    checkStreamName(name);
    // The same stream named twice (in any case) is one stream, as Zulip's set of names.
    if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), { ...raw, name });
  }
  const colors = new Map([...wanted].filter(([, w]) => w.color !== undefined).map(([key, w]) => [key, w.color!]));
  const realm = await getRealm(deps.db.knex, caller.realmId);
  const policy = (key: string) => Number((realm?.settings ?? {})[key] ?? 1);
  // Rendered in the render pool before the transaction opens, one at a time (the caller's renders
  // in flight are limited); only requests that name a description pay for it.
  const described = new Map<StreamRequest, Description>();
  for (const want of wanted.values()) {
    if (want.description) described.set(want, await normalizeDescription(deps.renderer, caller.userId, want.description));
  }

  const outcome = await deps.db.knex.transaction(async (trx) => {
    const existingByName = await streamsByNames(trx, caller.realmId, [...wanted.keys()]);
    const missing = [...wanted].filter(([key]) => !existingByName.has(key)).map(([, w]) => w);
    if (missing.length > 0) {
      if (caller.isGuest || (policy('create_stream_policy') === POLICY_ADMINS && !caller.isAdmin)) {
        throw badRequest('User cannot create streams.');
      }
      if (request.is_announcement_only && !caller.isAdmin) throw badRequest('User cannot create a stream with these settings.');
    }
    const made = await createStreams(trx, caller.realmId, missing, request, described);
    const existing = [...wanted.keys()].map((key) => existingByName.get(key)).filter((s): s is StreamRow => s !== undefined);
    existing.push(...made.existing);

    // Zulip's filter_stream_authorization: private streams (any stream, for a guest) need the
    // caller to be subscribed already; administrators are no exception.
    const mine = await subscribedStreamIds(trx, caller.userId);
    const unauthorized = existing.filter((s) => !mine.has(s.id) && (s.invite_only || caller.isGuest));
    if (unauthorized.length > 0 && request.authorization_errors_fatal) {
      throw plainError(`Unable to access stream (${unauthorized[0]!.name}).`);
    }
    const streams = [...existing.filter((s) => !unauthorized.includes(s)), ...made.created];

    let users: UserRow[];
    if (request.principals.length > 0) {
      if (caller.isGuest) throw badRequest('Not allowed for guest users');
      if (policy('invite_to_stream_policy') === POLICY_ADMINS && !caller.isAdmin) {
        throw plainError("Only administrators can modify other users' subscriptions.");
      }
      users = await resolvePrincipals(trx, caller.realmId, request.principals);
    } else {
      const me = await getUserById(trx, caller.realmId, caller.userId);
      if (!me) throw badRequest('Invalid user');
      users = [me];
    }

    const result = await bulkSubscribe(trx, caller.realmId, streams, users, {
      externalHost: deps.config.externalHost,
      colors,
      createdStreamIds: new Set(made.created.map((s) => s.id)),
    });
    await writeNotices(trx, [...made.notices, ...result.notices]);
    const notificationsStreamId = realm?.notifications_stream_id ?? null;
    const notificationsStream = notificationsStreamId === null ? undefined : await getStreamById(trx, caller.realmId, notificationsStreamId);
    return { ...result, created: made.created, unauthorized, notificationsStream };
  });
  deps.onCommit?.();

  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  for (const { user, stream } of outcome.subscribed) (subscribed[user.email] ??= []).push(stream.name);
  for (const { user, stream } of outcome.alreadySubscribed) (already[user.email] ??= []).push(stream.name);

  await postBotMessages(deps.internal, deps.logger, caller.realmId, botMessages(caller, request, outcome));

  return {
    subscribed,
    already_subscribed: already,
    ...(request.authorization_errors_fatal ? {} : { unauthorized: outcome.unauthorized.map((s) => s.name) }),
  };
}

function botMessages(
  caller: Caller,
  request: AddSubscriptionsRequest,
  outcome: {
    subscribed: { user: UserRow; stream: StreamRow }[];
    created: StreamRow[];
    notificationsStream: StreamRow | undefined;
  },
): BotMessage[] {
  const messages: BotMessage[] = [];
  const createdIds = new Set(outcome.created.map((s) => s.id));
  if (request.principals.length > 0) {
    // Tell people someone else subscribed them, except to streams just created, and never bots.
    const byUser = new Map<number, { user: UserRow; names: string[] }>();
    for (const { user, stream } of outcome.subscribed) {
      if (user.id === caller.userId || user.is_bot || createdIds.has(stream.id)) continue;
      const entry = byUser.get(user.id) ?? { user, names: [] };
      entry.names.push(stream.name);
      byUser.set(user.id, entry);
    }
    for (const { user, names } of byUser.values()) {
      messages.push({ type: 'private', to: user.email, content: youWereSubscribedMessage(caller.fullName, names) });
    }
  }
  // The announcement names only public streams: a private stream's name is not for everyone.
  const announced = outcome.created.filter((s) => !s.invite_only);
  if (request.announce && announced.length > 0 && outcome.notificationsStream) {
    const who = silentMention(caller.fullName, caller.userId);
    const names = announced.map((s) => `#**${s.name}**`).join(', ');
    const content = announced.length > 1 ? `${who} created the following streams: ${names}.` : `${who} created a new stream ${names}.`;
    messages.push({ type: 'stream', to: outcome.notificationsStream.name, topic: 'new streams', content });
  }
  for (const stream of outcome.created) {
    messages.push({
      type: 'stream',
      to: stream.name,
      topic: STREAM_EVENTS_TOPIC,
      content: `Stream created by ${silentMention(caller.fullName, caller.userId)}.`,
    });
  }
  return messages;
}
