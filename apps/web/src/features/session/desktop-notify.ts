/** Desktop notifications for mentions and private messages, when the tab is hidden or the message is elsewhere. */
import type { EventMap } from '@chat/events';
import { toMessage } from '../../lib/state';
import type { AppState } from '../../lib/types';
import { app } from '../../store';
import { notificationFor } from './session-model';

export function notifyIfNeeded(event: EventMap['message'], before: AppState): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const message = toMessage(event.message, event.flags);
  const decided = notificationFor(message, app.get(), before, document.hidden);
  if (!decided) return;
  const body = new DOMParser().parseFromString(message.content, 'text/html').body.textContent ?? '';
  try {
    const notification = new Notification(decided.title, { body: body.slice(0, 200), tag: decided.tag });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    /* Some browsers allow notifications only from a service worker. */
  }
}
