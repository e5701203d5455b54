/**
 * Web Push subscriptions: this server's extension, not part of Zulip's API (Zulip's web app
 * notifies only while a tab is open; its pushes go to the mobile apps). A browser's service worker
 * subscribes with the server's VAPID public key (`web_push_vapid_public_key` in
 * /server_settings) and hands the subscription here. Declared in settingsEndpoints.
 */
import { Type } from '@sinclair/typebox';
import * as p from '../params';

const endpoint = p.string({
  required: true,
  description: "The push service's URL the browser gave (PushSubscription.endpoint); https only.",
  example: 'https://push.example.net/send/abc123',
});

export const settingsWebPushEndpoints = {
  addWebPushSubscription: {
    method: 'POST',
    path: '/users/me/web_push_subscriptions',
    auth: 'user',
    summary: "Register a browser's Web Push subscription (this server's extension, not in Zulip's API)",
    description:
      "Records a browser's Web Push subscription for the caller, so their notifications reach it while no tab is open. One per " +
      'browser: a subscription with the same endpoint replaces the earlier one, whoever made it. The endpoint must be https; the ' +
      'keys are those of `PushSubscription.toJSON().keys`.',
    params: {
      endpoint,
      p256dh: p.string({ required: true, description: "The browser's P-256 public key, base64url (65 bytes).", example: 'BPm...' }),
      auth: p.string({
        required: true,
        description: "The browser's auth secret, base64url (16 bytes).",
        example: 'c2VjcmV0c2VjcmV0MTIzNA',
      }),
    },
    success: Type.Object({}),
    errors: [400],
  },
  removeWebPushSubscription: {
    method: 'DELETE',
    path: '/users/me/web_push_subscriptions',
    auth: 'user',
    summary: "Remove a browser's Web Push subscription (this server's extension, not in Zulip's API)",
    description: "Forgets one of the caller's Web Push subscriptions, by its endpoint; forgetting one that is not there succeeds.",
    params: { endpoint },
    success: Type.Object({}),
  },
  removeGoneWebPushSubscription: {
    method: 'POST',
    path: '/internal/web_push_subscriptions/gone',
    auth: 'service',
    summary: 'Forget a Web Push subscription its push service said is gone',
    description: "Not routed by the gateway: the message service's Web Push job calls it when a push service answers 404 or 410.",
    params: { endpoint },
    success: Type.Object({}),
  },
} as const;
