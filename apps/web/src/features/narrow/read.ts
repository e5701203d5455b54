/** Marking read: visible messages are collected and sent in one request every 200 ms. */
import { messageEndpoints } from '@chat/contracts';
import { api } from '../../api';
import { markReadLocally } from '../../lib/state';
import { app } from '../../store';

const pendingRead = new Set<number>();
let readTimer: ReturnType<typeof setTimeout> | undefined;

export function sawMessage(id: number): void {
  if (!(id in app.get().unread) || pendingRead.has(id)) return;
  if (document.visibilityState !== 'visible') return;
  pendingRead.add(id);
  readTimer ??= setTimeout(flushRead, 200);
}

function flushRead(): void {
  readTimer = undefined;
  const ids = [...pendingRead];
  pendingRead.clear();
  if (ids.length === 0) return;
  app.set((state) => markReadLocally(state, ids));
  api(messageEndpoints.updateMessageFlags, { messages: ids, op: 'add', flag: 'read' }).catch(() => undefined);
}
