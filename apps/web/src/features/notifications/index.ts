/** Notifications beyond the open tab: Web Push for this browser, and the unread count on the tab. */
export { WebPushToggle } from './WebPushToggle';
export { setTabTitle, startTabBadge } from './tab-badge';
export { listenForOpenedNotifications, registerServiceWorker, webPushSupported } from './web-push';
