/** The message list's window on the view, pure: which messages are drawn, and how they group. */
import type { Message } from '../../lib/types';

/** Per message object (messages are immutable): which conversation and day it belongs to. */
const groupKeys = new WeakMap<Message, string>();
const tzOffset = new Date().getTimezoneOffset() * 60;
export function groupKey(m: Message): string {
  let key = groupKeys.get(m);
  if (key === undefined) {
    const day = Math.floor((m.timestamp - tzOffset) / 86400);
    const conversation =
      m.type === 'stream'
        ? `s:${m.stream_id}:${m.subject.toLowerCase()}`
        : `p:${Array.isArray(m.display_recipient) ? m.display_recipient.map((r) => r.id).join(',') : ''}`;
    key = `${conversation}|${day}`;
    groupKeys.set(m, key);
  }
  return key;
}

/** How many messages are in the DOM at most, and how many more come in when scrolling past an edge. */
export const WINDOW = 240;
export const STEP = 80;
export const EDGE_PX = 600;

/** The first index whose id is >= id (ids ascending). */
export function lowerBound(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Range {
  key: string;
  start: number;
  end: number;
  /** The ids at the edges when the range was made, to follow loads and deletions. */
  firstId: number;
  lastId: number;
  oldestId: number;
  newestId: number;
}

/**
 * The part of the view's messages that is rendered: the DOM holds at most WINDOW + STEP
 * messages, so scrolling back through thousands stays cheap (layout, paint and the read
 * observer only see these).
 */
export function computeRange(
  previous: Range | null,
  key: string,
  ids: number[],
  selectedId: number | null,
  atBottom: boolean,
  nearAnchor: number | undefined,
): Range {
  let start: number;
  let end: number;
  if (!previous || previous.key !== key) {
    const anchorIndex = nearAnchor !== undefined ? lowerBound(ids, nearAnchor) : ids.length;
    end = Math.min(ids.length, nearAnchor !== undefined ? anchorIndex + WINDOW / 2 : ids.length);
    start = Math.max(0, end - WINDOW);
  } else {
    start = lowerBound(ids, previous.firstId);
    end = lowerBound(ids, previous.lastId + 1);
    // Older messages arrived while the range began at the oldest loaded one: show some of them.
    if (ids.length > 0 && previous.start === 0 && ids[0] !== previous.oldestId) start = Math.max(0, start - STEP);
    // Newer messages arrived while the range ended at the newest one: follow them.
    if (previous.lastId === previous.newestId && ids[ids.length - 1] !== previous.newestId) end = ids.length;
    if (end - start > WINDOW + STEP) {
      if (atBottom && end === ids.length) start = end - WINDOW;
      else end = start + WINDOW;
    }
  }
  if (selectedId !== null && ids.length > 0) {
    const index = lowerBound(ids, selectedId);
    if (ids[index] === selectedId && (index < start || index >= end)) {
      start = Math.max(0, index - WINDOW / 2);
      end = Math.min(ids.length, start + WINDOW);
    }
  }
  start = Math.max(0, Math.min(start, ids.length));
  end = Math.max(start, Math.min(end, ids.length));
  return {
    key,
    start,
    end,
    firstId: ids[start] ?? 0,
    lastId: ids[end - 1] ?? 0,
    oldestId: ids[0] ?? 0,
    newestId: ids[ids.length - 1] ?? 0,
  };
}
