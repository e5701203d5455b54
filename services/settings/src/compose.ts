import { cipherFor, type ComposeService } from '@chat/runtime';
import { buildApp, type SettingsDeps } from './app';
import { registerInvitationMailJob } from './consumers/invitation-mail';
import { registerPasswordResetMailJob } from './consumers/password-reset-mail';

/** The settings service in any topology: its app, and invitation and password reset e-mails through the process's mailer. */
export const composeSettingsService: ComposeService = async (ctx) => {
  const { config, db, logger, internal } = ctx;
  const deps: SettingsDeps = { config, db, logger, internal, cipher: cipherFor(config), mailer: ctx.mailer() };
  await registerInvitationMailJob({ ...deps, jobs: ctx.jobs });
  await registerPasswordResetMailJob({ ...deps, jobs: ctx.jobs });
  return buildApp(deps);
};
