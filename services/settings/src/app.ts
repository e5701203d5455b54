import type { Express } from 'express';
import { acceptedInternalSecrets } from '@chat/config';
import { createServiceApp, type AnyEndpoint } from '@chat/http';
import { settingsContext, type SettingsDeps } from './deps';
import { serverSettingsEndpoints } from './routes/server-settings';
import { authEndpoints } from './routes/auth';
import { externalAuthEndpoints } from './routes/external-auth';
import { profileEndpoints } from './routes/profile';
import { userEndpoints } from './routes/users';
import { botEndpoints } from './routes/bots';
import { userSettingsEndpoints } from './routes/user-settings';
import { realmEmojiEndpoints } from './routes/realm-emoji';
import { presenceEndpoints } from './routes/presence';
import { userGroupEndpoints } from './routes/user-groups';
import { alertWordEndpoints } from './routes/alert-words';
import { realmEndpoints } from './routes/realm';
import { profileFieldEndpoints } from './routes/profile-fields';
import { mutedUserEndpoints, pushTokenEndpoints } from './routes/modern';
import { botStorageEndpoints } from './routes/bot-storage';
import { realmDomainEndpoints } from './routes/realm-domains';
import { ownAccountEndpoints } from './routes/own-account';
import { realmDeactivationEndpoints } from './routes/realm-deactivation';
import { realmImageEndpoints } from './routes/realm-images';
import { zcommandEndpoints } from './routes/zcommand';
import { inviteEndpoints } from './routes/invites';
import { passwordResetEndpoints } from './routes/password-reset';
import { twoFactorEndpoints } from './routes/two-factor';
import { webPushEndpoints } from './routes/web-push';
import { unsubscribeEndpoints } from './routes/unsubscribe';

export { settingsContext, type SettingsContext, type SettingsDeps } from './deps';

/** Every endpoint this service serves (the gateway's route table must list each). */
export function endpoints(deps: SettingsDeps): AnyEndpoint[] {
  const ctx = settingsContext(deps);
  return [
    ...serverSettingsEndpoints(ctx),
    ...authEndpoints(ctx),
    ...externalAuthEndpoints(ctx),
    ...profileEndpoints(ctx),
    ...userEndpoints(ctx),
    ...botEndpoints(ctx),
    ...userSettingsEndpoints(ctx),
    ...realmEmojiEndpoints(ctx),
    ...presenceEndpoints(ctx),
    ...userGroupEndpoints(ctx),
    ...alertWordEndpoints(ctx),
    ...realmEndpoints(ctx),
    ...profileFieldEndpoints(ctx),
    ...mutedUserEndpoints(ctx),
    ...pushTokenEndpoints(ctx),
    ...botStorageEndpoints(ctx),
    ...realmDomainEndpoints(ctx),
    ...ownAccountEndpoints(ctx),
    ...realmDeactivationEndpoints(ctx),
    ...realmImageEndpoints(ctx),
    ...zcommandEndpoints(ctx),
    ...inviteEndpoints(ctx),
    ...passwordResetEndpoints(ctx),
    ...twoFactorEndpoints(ctx),
    ...webPushEndpoints(ctx),
    ...unsubscribeEndpoints(ctx),
  ];
}

/** The settings service: realms, users, bots, API keys, per-user settings, server settings. */
export function buildApp(deps: SettingsDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: acceptedInternalSecrets(deps.config),
    logger: deps.logger,
  });
}
