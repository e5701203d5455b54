import { mailerFromConfig } from '@chat/mail';
import { cipherFor, runDatabaseService } from '@chat/runtime';
import { buildApp, type SettingsDeps } from './app';
import { registerInvitationMailJob } from './consumers/invitation-mail';

/** The settings service as its own process (distributed topology), with its mailer and its jobs. */
runDatabaseService('settings', async (ctx) => {
  const mailer = mailerFromConfig(ctx.config);
  ctx.logger.info(mailer.describe());
  ctx.atShutdown(() => mailer.close());
  const deps: SettingsDeps = { ...ctx, cipher: cipherFor(ctx.config), mailer };
  await registerInvitationMailJob({ ...deps, jobs: ctx.jobs });
  return buildApp(deps);
});
