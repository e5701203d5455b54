import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { app, ui, useStore } from '../../store';
import type { Message } from '../../lib/types';
import { loadNewer, loadOlder } from './loader';
import { MessageItem, ObserverContext } from './MessageItem';
import { computeRange, EDGE_PX, groupKey, STEP, WINDOW, type Range } from './message-range';
import { narrowForApi, narrowKey } from './narrow';
import { sawMessage } from './read';
import { RecipientBar } from './RecipientBar';

export function MessageList() {
  const view = useStore(app, (s) => s.view);
  const messages = useStore(app, (s) => s.messages);
  const subs = useStore(app, (s) => s.subs);
  const streams = useStore(app, (s) => s.streams);
  const selfId = useStore(app, (s) => s.selfId);
  const selectedId = useStore(ui, (s) => s.selectedId);
  const loadingView = useStore(ui, (s) => s.loadingView);
  const loadingOlder = useStore(ui, (s) => s.loadingOlder);
  const listRef = useRef<HTMLDivElement>(null);
  const [observer, setObserver] = useState<IntersectionObserver | null>(null);
  const [shift, setShift] = useState<{ start: number; end: number } | null>(null);
  const rangeRef = useRef<Range | null>(null);
  /** Where the reader is: the first visible message and its distance from the top, or the bottom. */
  const anchor = useRef<{ id: number; offset: number } | null>(null);
  const atBottom = useRef(true);
  const lastSelected = useRef<number | null>(null);

  useEffect(() => {
    const root = listRef.current;
    if (!root) return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) sawMessage(Number((entry.target as HTMLElement).dataset.messageId));
        }
      },
      { root, threshold: 0 },
    );
    setObserver(io);
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const outer = root.getBoundingClientRect();
      for (const el of root.querySelectorAll<HTMLElement>('article.unread')) {
        const box = el.getBoundingClientRect();
        if (box.bottom > outer.top && box.top < outer.bottom) sawMessage(Number(el.dataset.messageId));
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      io.disconnect();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const key = narrowKey(view.narrow);
  const nearAnchor = narrowForApi(view.narrow).anchor;
  let range = computeRange(
    rangeRef.current,
    key,
    view.ids,
    selectedId !== lastSelected.current ? selectedId : null,
    atBottom.current,
    nearAnchor,
  );
  if (shift && rangeRef.current?.key === key) {
    range = computeRange(null, key, view.ids, null, false, undefined);
    const start = Math.max(0, Math.min(shift.start, view.ids.length));
    const end = Math.max(start, Math.min(shift.end, view.ids.length));
    range = { ...range, start, end, firstId: view.ids[start] ?? 0, lastId: view.ids[end - 1] ?? 0 };
  }
  const keyChanged = rangeRef.current?.key !== key;

  /** Records the first visible message (for keeping the reading position when the DOM changes). */
  const recordAnchor = () => {
    const el = listRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    const articles = el.querySelectorAll<HTMLElement>('article[data-message-id]');
    let lo = 0;
    let hi = articles.length - 1;
    const top = el.scrollTop;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const a = articles[mid]!;
      if (a.offsetTop + a.offsetHeight <= top) lo = mid + 1;
      else hi = mid;
    }
    const first = articles[lo];
    anchor.current = first ? { id: Number(first.dataset.messageId), offset: first.offsetTop - top } : null;
  };

  useLayoutEffect(() => {
    const el = listRef.current;
    rangeRef.current = range;
    if (shift) setShift(null);
    if (!el) return;
    const selectionMoved = selectedId !== lastSelected.current;
    lastSelected.current = selectedId;
    if (keyChanged || !anchor.current) {
      const target = nearAnchor !== undefined && selectedId !== null ? el.querySelector(`[data-message-id="${selectedId}"]`) : null;
      if (target) target.scrollIntoView({ block: 'center' });
      else el.scrollTop = el.scrollHeight;
    } else if (atBottom.current && range.end === view.ids.length) {
      el.scrollTop = el.scrollHeight;
    } else {
      const a = el.querySelector<HTMLElement>(`[data-message-id="${anchor.current.id}"]`);
      if (a) el.scrollTop = a.offsetTop - anchor.current.offset;
    }
    if (selectionMoved && selectedId !== null && !keyChanged)
      el.querySelector(`[data-message-id="${selectedId}"]`)?.scrollIntoView({ block: 'nearest' });
    recordAnchor();
  });

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    recordAnchor();
    const current = rangeRef.current;
    if (!current || shift) return;
    const nearTop = el.scrollTop < EDGE_PX;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (nearTop) {
      if (current.start > 0) {
        const start = Math.max(0, current.start - STEP);
        setShift({ start, end: Math.min(current.end, start + WINDOW + STEP) });
      } else if (!view.foundOldest) void loadOlder();
    } else if (nearBottom) {
      if (current.end < view.ids.length) {
        const end = Math.min(view.ids.length, current.end + STEP);
        setShift({ start: Math.max(current.start, end - WINDOW - STEP), end });
      } else if (!view.foundNewest) void loadNewer();
    }
  };

  const items: preact.JSX.Element[] = [];
  let previous: Message | undefined;
  for (let i = range.start; i < range.end; i++) {
    const id = view.ids[i]!;
    const message = messages[id];
    if (!message) continue;
    if (!previous || groupKey(previous) !== groupKey(message)) {
      const streamId = message.type === 'stream' ? message.stream_id : 0;
      const streamName = message.type === 'stream' ? (streams[streamId]?.name ?? message.display_recipient) : '';
      items.push(
        <RecipientBar
          key={`bar-${id}`}
          message={message}
          streamName={streamName}
          color={subs[streamId]?.color ?? '#c2c2c2'}
          selfId={selfId}
        />,
      );
    }
    items.push(<MessageItem key={id} message={message} selected={id === selectedId} selfId={selfId} />);
    previous = message;
  }

  return (
    <ObserverContext.Provider value={observer}>
      <div
        class="message-list"
        role="log"
        aria-label="Messages"
        aria-busy={loadingView || loadingOlder}
        ref={listRef}
        onScroll={onScroll}
        tabIndex={0}
      >
        {view.foundOldest && range.start === 0 && view.ids.length > 0 && (
          <p class="list-edge">This is the beginning of the conversation.</p>
        )}
        {loadingOlder && <p class="list-edge">Loading…</p>}
        {items}
        {!loadingView && view.ids.length === 0 && <p class="list-edge">No messages here yet.</p>}
      </div>
    </ObserverContext.Provider>
  );
}
