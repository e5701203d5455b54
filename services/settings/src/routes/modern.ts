import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { muteUser, unmuteUser } from '../domain/muted-users';
import { addPushToken, PUSH_TOKEN_KIND, removePushToken } from '../domain/push-tokens';

export function mutedUserEndpoints(ctx: SettingsContext) {
  return [
    implement(api.muteUser, ({ identity, params }) => muteUser(ctx, identity.realmId, identity.userId, params.muted_user_id)),
    implement(api.unmuteUser, ({ identity, params }) => unmuteUser(ctx, identity.realmId, identity.userId, params.muted_user_id)),
  ];
}

export function pushTokenEndpoints(ctx: SettingsContext) {
  const { APNS, FCM } = PUSH_TOKEN_KIND;
  return [
    implement(api.addAndroidPushToken, ({ identity, params }) => addPushToken(ctx, identity, { kind: FCM, token: params.token })),
    implement(api.removeAndroidPushToken, ({ identity, params }) => removePushToken(ctx, identity, { kind: FCM, token: params.token })),
    implement(api.addApnsPushToken, ({ identity, params }) => addPushToken(ctx, identity, { kind: APNS, token: params.token, appId: params.appid })),
    implement(api.removeApnsPushToken, ({ identity, params }) => removePushToken(ctx, identity, { kind: APNS, token: params.token })),
  ];
}
