/**
 * The unread count on the tab: in its title, "(3) Chat", and on its icon, drawn on a canvas (a
 * round badge with the number), kept in step with the unread model as it changes.
 */
import { unreadCounts } from '../../lib/unread';
import { app } from '../../store';

const ICON_SIZE = 32;

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

/** The icon: a speech bubble, and the count on a red badge when there is one (99+ past 99). */
export function drawIcon(count: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE;
  canvas.height = ICON_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#3b6fd4';
  ctx.beginPath();
  ctx.roundRect(2, 4, 24, 18, 5);
  ctx.fill();
  if (count > 0) {
    const text = count > 99 ? '99+' : String(count);
    ctx.fillStyle = '#d93025';
    ctx.beginPath();
    ctx.arc(22, 20, 10, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${text.length > 2 ? 9 : 13}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 22, 21);
  }
  return canvas.toDataURL('image/png');
}

export function titleWithCount(base: string, count: number): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

/** What the tab is titled without its count (the view's name: the narrow shows it). */
let baseTitle = '';
let shownCount = 0;

/** Titles the tab `title`, with the unread count before it. */
export function setTabTitle(title: string): void {
  baseTitle = title;
  document.title = titleWithCount(title, shownCount);
}

/** Keeps the tab's title and icon showing the home view's unread count; returns the stop. */
export function startTabBadge(): () => void {
  let shown = -1;
  const update = () => {
    const state = app.get();
    const count = unreadCounts(state).home;
    shownCount = count;
    document.title = titleWithCount(baseTitle || state.realmName || 'Chat', count);
    if (count === shown) return;
    shown = count;
    const icon = drawIcon(count);
    if (icon) iconLink().href = icon;
    document.documentElement.dataset.unreadCount = String(count);
  };
  update();
  return app.subscribe(update);
}
