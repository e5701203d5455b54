/**
 * The users' mobile push tokens (push_device_tokens, written by the settings service when the app
 * registers): read by the message service's push jobs, which also remove the tokens a push
 * bouncer reports as gone (its deleted_devices), as Zulip's send_notifications_to_bouncer does.
 */
import type { Executor } from '../connect';
import { anyOf } from '../any-of';

/** Zulip's PushDeviceToken.kind. */
export const PUSH_TOKEN_KINDS = { APNS: 1, FCM: 2 } as const;

export interface UserPushTokens {
  android: string[];
  apple: string[];
}

export async function pushTokensOf(db: Executor, userId: number): Promise<UserPushTokens> {
  const rows: { kind: number; token: string }[] = await db('push_device_tokens')
    .where({ user_id: userId })
    .orderBy('id')
    .select('kind', 'token');
  return {
    android: rows.filter((r) => r.kind === PUSH_TOKEN_KINDS.FCM).map((r) => r.token),
    apple: rows.filter((r) => r.kind === PUSH_TOKEN_KINDS.APNS).map((r) => r.token),
  };
}

/** Removes the user's tokens the bouncer no longer knows. */
export async function removeDeadPushTokens(db: Executor, userId: number, dead: UserPushTokens): Promise<void> {
  for (const [kind, tokens] of [
    [PUSH_TOKEN_KINDS.FCM, dead.android],
    [PUSH_TOKEN_KINDS.APNS, dead.apple],
  ] as const) {
    if (tokens.length > 0)
      await db('push_device_tokens')
        .where({ user_id: userId, kind })
        .whereRaw(...anyOf('token', tokens))
        .delete();
  }
}

/**
 * Zulip's push_notifications_enabled for server_settings and /register: a bouncer is configured,
 * with credentials, and this server registered with it (`manage register-push-server` records it).
 */
export async function pushNotificationsEnabled(
  db: Executor,
  push: { bouncerUrl: string; orgId: string; orgKey: string },
): Promise<boolean> {
  if (push.bouncerUrl === '' || push.orgId === '' || push.orgKey === '') return false;
  const row = await db('push_bouncer_registrations').where({ bouncer_url: push.bouncerUrl, org_id: push.orgId }).first('id');
  return row !== undefined;
}
