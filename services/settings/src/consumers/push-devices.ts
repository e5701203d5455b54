/**
 * Forwarding the app's device tokens to the push bouncer (Zulip's add_push_device_token,
 * remove_push_device_token and, for a deactivated user, clear_push_device_tokens with a bouncer:
 * `push/register`, `push/unregister`, `push/unregister/all`), as background
 * jobs asked for in the transaction that stored or removed the token, so a slow bouncer never
 * holds the app's request. Both calls are idempotent at the bouncer, so a repeat is harmless; a
 * 4xx (an unregistered server, a token the bouncer refuses) is logged with its words and dropped.
 */
import type { Executor } from '@chat/db';
import { requestJob } from '@chat/dispatch';
import { defineJob, workJob, type Jobs } from '@chat/jobs';
import type { Logger } from '@chat/log';
import { bouncerTarget, callBouncer, type BouncerTarget } from '@chat/outbound';
import type { SettingsDeps } from '../deps';

export interface PushDevicePayload {
  [key: string]: unknown;
  op: 'register' | 'unregister' | 'unregister-all';
  userId: number;
  /** 1 APNs, 2 FCM (Zulip's token_kind); none for unregister-all. */
  kind?: number;
  token?: string;
  appId?: string;
}

export const PUSH_DEVICE_JOB = defineJob<PushDevicePayload>('settings.push-device');

/**
 * A deactivated user's devices: their tokens go, and the bouncer forgets them all (the job does
 * nothing when no bouncer is configured).
 */
export async function clearPushDevices(trx: Executor, userId: number): Promise<void> {
  const removed: { id: number }[] = await trx('push_device_tokens').where({ user_id: userId }).delete().returning('id');
  if (removed.length > 0) await requestJob(trx, PUSH_DEVICE_JOB, { op: 'unregister-all', userId });
}

/** Inside the token's transaction; nothing when no bouncer is configured. */
export async function requestPushDeviceForward(
  trx: Executor,
  deps: Pick<SettingsDeps, 'config'>,
  payload: PushDevicePayload,
): Promise<void> {
  if (!bouncerTarget(deps.config.push)) return;
  await requestJob(trx, PUSH_DEVICE_JOB, payload);
}

/** Thrown to try a forward whose outcome is unknown again. */
class RetryForwardError extends Error {}

async function forward(bouncer: BouncerTarget, logger: Logger, payload: PushDevicePayload): Promise<void> {
  const form: Record<string, string | number> = { user_id: payload.userId };
  if (payload.token !== undefined && payload.kind !== undefined) Object.assign(form, { token: payload.token, token_kind: payload.kind });
  if (payload.op === 'register' && payload.appId !== undefined) form.ios_app_id = payload.appId;
  const endpoint = { register: 'push/register', unregister: 'push/unregister', 'unregister-all': 'push/unregister/all' }[payload.op];
  const outcome = await callBouncer(bouncer, endpoint, { form });
  if (outcome.kind === 'unknown') throw new RetryForwardError(outcome.reason);
  if (outcome.kind === 'refused') {
    logger.error(
      { userId: payload.userId, op: payload.op, status: outcome.status, code: outcome.code, bouncerMessage: outcome.msg },
      'the push bouncer refused a device token',
    );
  }
}

export async function registerPushDeviceJob(deps: SettingsDeps & { jobs: Jobs }): Promise<void> {
  await workJob(
    deps.jobs,
    PUSH_DEVICE_JOB,
    async (job) => {
      const bouncer = bouncerTarget(deps.config.push);
      if (bouncer) await forward(bouncer, deps.logger, job.payload);
    },
    { attempts: 5, backoffMs: 30_000 },
  );
}
