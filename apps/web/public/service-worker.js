/**
 * The web client's service worker: shows the Web Push notifications the server sends while no tab
 * of the app is open (the payload: services/message/src/web-push/notification.ts), closes those of
 * messages read elsewhere, and opens the conversation when one is clicked. Served at the root
 * (scope: the whole app) by the gateway, uncached.
 */
/* global self, clients, URL */
'use strict';

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** "Othello in #Denmark > lunch", or the private conversation's people. */
function titleOf(push) {
  const conversation = push.conversation || {};
  if (conversation.type === 'stream') return `${push.sender.full_name} in #${conversation.stream} > ${conversation.topic}`;
  const others = (conversation.recipients || []).filter((person) => person.id !== push.sender.id);
  return others.length > 0 ? `${push.sender.full_name} (to you and ${others.map((p) => p.full_name).join(', ')})` : push.sender.full_name;
}

async function closeNotifications(messageIds) {
  const shown = await self.registration.getNotifications();
  for (const notification of shown) {
    if (notification.data && messageIds.includes(notification.data.message_id)) notification.close();
  }
}

self.addEventListener('push', (event) => {
  let push = null;
  try {
    push = event.data ? event.data.json() : null;
  } catch {
    push = null;
  }
  if (!push) return;
  if (push.kind === 'remove' && Array.isArray(push.message_ids)) {
    event.waitUntil(closeNotifications(push.message_ids));
    return;
  }
  if (push.kind !== 'message') return;
  event.waitUntil(
    self.registration.showNotification(titleOf(push), {
      body: push.text,
      // One notification per message: a repeated push replaces it instead of showing it twice.
      tag: `message-${push.message_id}`,
      data: { message_id: push.message_id, url: push.url },
    }),
  );
});

/** Tells a tab of the app to open the conversation and focuses it, or opens a tab at it. */
async function openConversation(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    tab.postMessage({ kind: 'open-conversation', url });
    // The browser allows focusing only while it handles the click; the tab shows the conversation anyway.
    await tab.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(url || '/');
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  const opening = openConversation(url);
  event.waitUntil(opening);
});
