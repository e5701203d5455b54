/**
 * Forwarding the app's device tokens to the push bouncer (Zulip's add_push_device_token and
 * remove_push_device_token with a bouncer: `push/register` and `push/unregister`), as background
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
  op: 'register' | 'unregister';
  userId: number;
  /** 1 APNs, 2 FCM (Zulip's token_kind). */
  kind: number;
  token: string;
  appId?: string;
}

export const PUSH_DEVICE_JOB = defineJob<PushDevicePayload>('settings.push-device');

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
  const form: Record<string, string | number> = { user_id: payload.userId, token: payload.token, token_kind: payload.kind };
  if (payload.op === 'register' && payload.appId !== undefined) form.ios_app_id = payload.appId;
  const outcome = await callBouncer(bouncer, payload.op === 'register' ? 'push/register' : 'push/unregister', { form });
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
