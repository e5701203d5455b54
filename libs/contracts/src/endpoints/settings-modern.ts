/**
 * Settings-service endpoints Zulip added after 2.1 that today's clients call: muting users
 * (feature level 48) and the legacy mobile push-token registration the app makes at start-up.
 */
import * as p from '../params';

const mutedUserId = { muted_user_id: p.int({ required: true, description: 'The id of the user.', example: 10 }) };
const token = { token: p.string({ required: true, description: 'The push token of the device.', example: 'c0ffee' }) };

export const settingsModernEndpoints = {
  muteUser: {
    method: 'POST',
    path: '/users/me/muted_users/:muted_user_id',
    auth: 'user',
    summary: 'Mute a user: their messages arrive read, and clients hide them',
    description: 'Mutes a user for the caller: their messages arrive already read, and clients hide them.',
    params: mutedUserId,
    success: {},
  },
  unmuteUser: {
    method: 'DELETE',
    path: '/users/me/muted_users/:muted_user_id',
    auth: 'user',
    summary: 'Unmute a user',
    description: 'Stops muting a user.',
    params: mutedUserId,
    success: {},
  },
  addAndroidPushToken: {
    method: 'POST',
    path: '/users/me/android_gcm_reg_id',
    auth: 'user',
    summary: "Register an Android device's push token (kept; this server sends no pushes)",
    description: "Records an Android device's push token, as the mobile app sends it; this server keeps it but sends no pushes.",
    params: token,
    success: {},
  },
  removeAndroidPushToken: {
    method: 'DELETE',
    path: '/users/me/android_gcm_reg_id',
    auth: 'user',
    summary: "Remove an Android device's push token",
    description: "Forgets an Android device's push token.",
    params: token,
    success: {},
  },
  addApnsPushToken: {
    method: 'POST',
    path: '/users/me/apns_device_token',
    auth: 'user',
    summary: "Register an iOS device's push token (kept; this server sends no pushes)",
    description: "Records an iOS device's push token, as the mobile app sends it; this server keeps it but sends no pushes.",
    params: { ...token, appid: p.string({ required: true, description: 'The id of the iOS app.', example: 'org.zulip.Zulip' }) },
    success: {},
  },
  removeApnsPushToken: {
    method: 'DELETE',
    path: '/users/me/apns_device_token',
    auth: 'user',
    summary: "Remove an iOS device's push token",
    description: "Forgets an iOS device's push token.",
    params: token,
    success: {},
  },
} as const;
