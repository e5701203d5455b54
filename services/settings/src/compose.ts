import { cipherFor, type ComposeService } from '@chat/runtime';
import { buildApp, type SettingsDeps } from './app';
import { registerInvitationMailJob } from './consumers/invitation-mail';
import { registerPasswordResetMailJob } from './consumers/password-reset-mail';
import { registerPushDeviceJob } from './consumers/push-devices';

/**
 * The settings service in any topology: its app, invitation and password reset e-mails through
 * the process's mailer, and device tokens forwarded to the push bouncer.
 */
export const composeSettingsService: ComposeService = async (ctx) => {
  const { config, db, logger, internal } = ctx;
  const deps: SettingsDeps = { config, db, logger, internal, cipher: cipherFor(config), mailer: ctx.mailer() };
  await registerInvitationMailJob({ ...deps, jobs: ctx.jobs });
  await registerPasswordResetMailJob({ ...deps, jobs: ctx.jobs });
  await registerPushDeviceJob({ ...deps, jobs: ctx.jobs });
  return buildApp(deps);
};
