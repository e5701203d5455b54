/**
 * Web Push in the browser: the service worker at the root, the browser's push subscription made
 * with the server's VAPID public key (from /server_settings) and handed to the server, and the
 * way back: a clicked notification asks the open tab to show its conversation.
 */
import { settingsEndpoints } from '@chat/contracts';
import { api } from '../../api';

export const SERVICE_WORKER_URL = '/service-worker.js';

/** Whether this browser can receive Web Push (a secure context with service workers and the Push API). */
export function webPushSupported(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!webPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Asks for permission (call it from a click: browsers refuse a request made without one),
 * subscribes this browser and registers the subscription with the server.
 */
export async function enableWebPush(): Promise<void> {
  if (!webPushSupported()) throw new Error('This browser cannot receive notifications while the tab is closed.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in the browser.');
  const settings = await api(settingsEndpoints.getServerSettings, {});
  const key = settings.web_push_vapid_public_key;
  if (!key) throw new Error('This server does not send Web Push notifications.');
  const registration = await registerServiceWorker();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot be used: made anew.
  const applicationServerKey = keyBytes(key);
  const existingKey = subscription?.options.applicationServerKey;
  if (subscription && existingKey && !sameBytes(new Uint8Array(existingKey), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave an incomplete subscription.');
  await api(settingsEndpoints.addWebPushSubscription, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Forgets this browser's subscription, here and at the server. */
export async function disableWebPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api(settingsEndpoints.removeWebPushSubscription, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** A clicked notification's conversation, opened in this tab (the worker focused it). */
export function listenForOpenedNotifications(open: (hash: string) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data !== 'object' || data === null || !('kind' in data) || data.kind !== 'open-conversation') return;
    const url = 'url' in data && typeof data.url === 'string' ? new URL(data.url, location.href) : null;
    if (url && url.origin === location.origin) open(url.hash);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
