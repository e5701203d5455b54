/**
 * The mobile push jobs (Zulip's handle_push_notification and handle_remove_push_notification,
 * through a bouncer): one message's notification to a user's devices, and the removal of those
 * the user has read. Each call's outcome decides what follows, as Zulip's: acknowledged, done
 * (never sent again: the message's active_mobile_push_notification flag claims it); no answer or
 * a 5xx, one more try, then it is given up and logged; a 4xx (INVALID_ZULIP_SERVER: this server
 * is not registered, or its key is wrong) is logged with the bouncer's words and not tried again.
 * The devices the bouncer reports gone lose their tokens. A payload is never logged.
 */
import { pushTokensOf, removeDeadPushTokens, type UserPushTokens, type UserRow } from '@chat/db';
import type { Logger } from '@chat/log';
import { callBouncer, type BouncerOutcome, type BouncerTarget } from '@chat/outbound';
import type { Database } from '@chat/db';
import { FLAG_BITS } from '../lib/flags';
import { realmUrl } from '../notices/narrow-url';
import { loadMessages } from '../queries/messages';
import type { MobilePushPayload, PushRemovalPayload } from './kinds';
import { messagePush, removalPush, type MessagePush, type PushRecipient } from './payloads';

/** The first try and at most one repeat after an unknown outcome. */
export const MOBILE_PUSH_ATTEMPTS = 2;

export interface MobilePushDeps {
  db: Database;
  logger: Logger;
  /** Null: no bouncer configured (or no credentials): nothing is sent. */
  bouncer: BouncerTarget | null;
  externalHost: string;
  redactContent: boolean;
}

/** Thrown for the one repeat of a call whose outcome is unknown. */
export class RetryPushError extends Error {}

async function recipientOf(deps: MobilePushDeps, user: UserRow): Promise<PushRecipient> {
  const realm: { name: string } | undefined = await deps.db.knex('realms').where({ id: user.realm_id }).first('name');
  return {
    server: deps.externalHost,
    realmId: user.realm_id,
    realmUrl: await realmUrl(deps.db.knex, deps.externalHost, user.realm_id),
    realmName: realm?.name ?? '',
    userId: user.id,
  };
}

function deadTokens(body: Record<string, unknown>): UserPushTokens {
  const deleted = body.deleted_devices;
  const list = (key: string): string[] => {
    if (typeof deleted !== 'object' || deleted === null) return [];
    const value: unknown = Object.entries(deleted).find(([k]) => k === key)?.[1];
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  };
  return { android: list('android_devices'), apple: list('apple_devices') };
}

async function actOn(
  deps: MobilePushDeps,
  outcome: BouncerOutcome,
  what: { userId: number; attempt: number; kind: string },
): Promise<void> {
  if (outcome.kind === 'acknowledged') {
    await removeDeadPushTokens(deps.db.knex, what.userId, deadTokens(outcome.body));
    return;
  }
  if (outcome.kind === 'refused') {
    deps.logger.error(
      { userId: what.userId, status: outcome.status, code: outcome.code, bouncerMessage: outcome.msg },
      `the push bouncer refused a ${what.kind}; not tried again`,
    );
    return;
  }
  if (what.attempt < MOBILE_PUSH_ATTEMPTS) throw new RetryPushError(outcome.reason);
  deps.logger.warn({ userId: what.userId, reason: outcome.reason }, `a ${what.kind} to the push bouncer had no answer twice; given up`);
}

async function notify(
  deps: MobilePushDeps,
  bouncer: BouncerTarget,
  user: UserRow,
  tokens: UserPushTokens,
  push: MessagePush,
): Promise<BouncerOutcome> {
  return callBouncer(bouncer, 'push/notify', {
    json: {
      user_id: user.id,
      apns_payload: push.apns,
      gcm_payload: push.gcm,
      gcm_options: push.gcmOptions,
      android_devices: tokens.android,
      apple_devices: tokens.apple,
    },
  });
}

/** Marks the notification active unless the message was read or already notified: the claim of the first try. */
async function claim(deps: MobilePushDeps, userId: number, messageId: number, attempt: number): Promise<boolean> {
  const active = FLAG_BITS.active_mobile_push_notification!;
  const read = FLAG_BITS.read!;
  if (attempt > 1) {
    // The repeat of a try whose outcome is unknown: the first try's claim stands.
    const row: { flags: number } | undefined = await deps.db
      .knex('user_messages')
      .where({ user_id: userId, message_id: messageId })
      .first('flags');
    return row !== undefined && (row.flags & read) === 0 && (row.flags & active) !== 0;
  }
  const claimed = await deps.db
    .knex('user_messages')
    .where({ user_id: userId, message_id: messageId })
    .whereRaw('(flags & ?) = 0', [active | read])
    .update({ flags: deps.db.knex.raw('flags | ?::integer', [active]) })
    .returning('message_id');
  return claimed.length > 0;
}

export async function sendMobilePush(deps: MobilePushDeps, payload: MobilePushPayload, attempt: number): Promise<void> {
  const { bouncer } = deps;
  if (!bouncer) return;
  const user = await deps.db.knex<UserRow>('users').where({ realm_id: payload.realmId, id: payload.userId }).first();
  if (!user?.is_active) return;
  const tokens = await pushTokensOf(deps.db.knex, user.id);
  if (tokens.android.length + tokens.apple.length === 0) return;
  if (!(await claim(deps, user.id, payload.messageId, attempt))) return;
  const message = (await loadMessages(deps.db.knex, [payload.messageId])).get(payload.messageId)?.wire;
  if (!message) return;
  const to = await recipientOf(deps, user);
  const senderAvatar = message.sender_avatar_url;
  const group: { id: number; name: string } | undefined =
    payload.mentionedUserGroupId === undefined
      ? undefined
      : await deps.db.knex('user_groups').where({ id: payload.mentionedUserGroupId, realm_id: user.realm_id }).first('id', 'name');
  const push = messagePush(to, message, {
    trigger: payload.trigger,
    mentionedGroup: group,
    redact: deps.redactContent,
    senderAvatarUrl: senderAvatar.startsWith('/') ? `${to.realmUrl}${senderAvatar}` : senderAvatar,
  });
  await actOn(deps, await notify(deps, bouncer, user, tokens, push), { userId: user.id, attempt, kind: 'notification' });
}

export async function sendPushRemoval(deps: MobilePushDeps, payload: PushRemovalPayload, attempt: number): Promise<void> {
  const { bouncer } = deps;
  if (!bouncer || payload.messageIds.length === 0) return;
  const user = await deps.db.knex<UserRow>('users').where({ realm_id: payload.realmId, id: payload.userId }).first();
  if (!user) return;
  const tokens = await pushTokensOf(deps.db.knex, user.id);
  if (tokens.android.length + tokens.apple.length === 0) return;
  const push = removalPush(await recipientOf(deps, user), payload.messageIds);
  await actOn(deps, await notify(deps, bouncer, user, tokens, push), { userId: user.id, attempt, kind: 'removal' });
}
