import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doMuteUser, doUnmuteUser } from '../actions/muted-users';
import { addPushToken, PUSH_TOKEN_KIND, removePushToken } from '../actions/push-tokens';

export function mutedUserEndpoints(ctx: SettingsContext) {
  return [
    implement(api.muteUser, ({ identity, params }) => doMuteUser(ctx, identity.realmId, identity.userId, params.muted_user_id)),
    implement(api.unmuteUser, ({ identity, params }) => doUnmuteUser(ctx, identity.realmId, identity.userId, params.muted_user_id)),
  ];
}

export function pushTokenEndpoints(ctx: SettingsContext) {
  const { APNS, FCM } = PUSH_TOKEN_KIND;
  return [
    implement(api.addAndroidPushToken, ({ identity, params }) => addPushToken(ctx, identity, { kind: FCM, token: params.token })),
    implement(api.removeAndroidPushToken, ({ identity, params }) => removePushToken(ctx, identity, { kind: FCM, token: params.token })),
    implement(api.addApnsPushToken, ({ identity, params }) =>
      addPushToken(ctx, identity, { kind: APNS, token: params.token, appId: params.appid }),
    ),
    implement(api.removeApnsPushToken, ({ identity, params }) => removePushToken(ctx, identity, { kind: APNS, token: params.token })),
  ];
}
