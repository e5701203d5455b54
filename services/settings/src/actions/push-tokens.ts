/**
 * The mobile push-token endpoints (Zulip's add_push_device_token / remove_push_device_token): the
 * app registers its token at start-up and fails if the call does. Tokens are kept per user (the
 * message service's push jobs read them); with a push bouncer configured, each registration and
 * removal is forwarded to it by a background job asked for in the same transaction.
 */
import type { Executor } from '@chat/db';
import { badRequest } from '@chat/errors';
import { requestPushDeviceForward } from '../consumers/push-devices';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';

export const PUSH_TOKEN_KIND = { APNS: 1, FCM: 2 } as const;
type PushTokenKind = (typeof PUSH_TOKEN_KIND)[keyof typeof PUSH_TOKEN_KIND];

/** Zulip's limit on a token's length, and the shapes it checks. */
const MAX_TOKEN_LENGTH = 4096;
const HEX = /^[0-9a-fA-F]+$/;
const APP_ID = /^[.a-zA-Z0-9-]+$/;

function checkToken(kind: PushTokenKind, token: string): void {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) throw badRequest('Empty or invalid length token');
  if (kind === PUSH_TOKEN_KIND.APNS && !HEX.test(token)) throw badRequest('Invalid APNS token');
}

export async function addPushToken(
  ctx: SettingsContext,
  caller: { realmId: number; userId: number },
  device: { kind: PushTokenKind; token: string; appId?: string },
): Promise<Record<string, unknown>> {
  checkToken(device.kind, device.token);
  if (device.appId !== undefined && !APP_ID.test(device.appId)) throw badRequest('Invalid app ID');
  await loadActor(ctx.db.knex, caller.realmId, caller.userId);
  await ctx.db.knex.transaction(async (trx: Executor) => {
    await trx('push_device_tokens')
      .insert({ user_id: caller.userId, kind: device.kind, token: device.token, ios_app_id: device.appId ?? null })
      .onConflict(['user_id', 'kind', 'token'])
      .merge({ ios_app_id: device.appId ?? null, last_updated: trx.fn.now() });
    const forwarded = { op: 'register' as const, userId: caller.userId, kind: device.kind, token: device.token };
    await requestPushDeviceForward(trx, ctx, device.appId === undefined ? forwarded : { ...forwarded, appId: device.appId });
  });
  return {};
}

export async function removePushToken(
  ctx: SettingsContext,
  caller: { realmId: number; userId: number },
  device: { kind: PushTokenKind; token: string },
): Promise<Record<string, unknown>> {
  checkToken(device.kind, device.token);
  await ctx.db.knex.transaction(async (trx: Executor) => {
    const removed: { id: number }[] = await trx('push_device_tokens')
      .where({ user_id: caller.userId, kind: device.kind, token: device.token })
      .delete()
      .returning('id');
    if (removed.length === 0) throw badRequest('Token does not exist');
    await requestPushDeviceForward(trx, ctx, { op: 'unregister', userId: caller.userId, kind: device.kind, token: device.token });
  });
  return {};
}
