import { createContext } from 'preact';
import { memo } from 'preact/compat';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorText } from '../api';
import { deleteMessage, editMessage, loadNewer, loadOlder, names, rawContent, sawMessage, toggleReaction, toggleStar } from '../controller';
import { BUILTIN_EMOJI, messageLink, quoteReply } from '../lib/compose';
import { replyTarget } from '../lib/compose-target';
import { emojiImageUrl, unicodeEmojiUrl } from '../lib/emoji';
import { messagePmKey, narrowForApi, narrowKey, narrowToHash } from '../lib/narrow';
import { messageActions } from '../lib/state';
import type { AppState, Message, Narrow, Reaction } from '../lib/types';
import { app, openCompose, patchUi, ui, useStore } from '../store';
import { Content, EmojiImage } from './Content';
import { Icon } from './icons';
import { formatDate, formatTime, useCssVar } from './util';
import { Avatar } from './Avatar';
import { ErrorAlert } from './ErrorAlert';
import { setTabTitle } from '../features/notifications';

const ObserverContext = createContext<IntersectionObserver | null>(null);

export function narrowTitle(narrow: Narrow, state: AppState): string {
  if (narrow.length === 0) return 'All messages';
  return narrow
    .map((t) => {
      const neg = t.negated ? 'not ' : '';
      switch (t.operator) {
        case 'stream':
          return `${neg}#${/^\d+$/.test(t.operand) ? (state.streams[Number(t.operand)]?.name ?? t.operand) : t.operand}`;
        case 'topic':
          return `${neg}> ${t.operand}`;
        case 'pm-with':
          return `${neg}Private messages with ${t.operand
            .split(',')
            .map((id) => (/^\d+$/.test(id) ? (state.users[Number(id)]?.full_name ?? id) : id))
            .join(', ')}`;
        case 'is':
          return (
            { private: 'Private messages', starred: 'Starred messages', mentioned: 'Mentions', unread: 'Unread messages' }[t.operand] ??
            `is:${t.operand}`
          );
        case 'sender':
          return `${neg}Sent by ${/^\d+$/.test(t.operand) ? (state.users[Number(t.operand)]?.full_name ?? t.operand) : t.operand}`;
        case 'search':
          return `Search: ${t.operand}`;
        case 'near':
          return `Near message ${t.operand}`;
        default:
          return `${neg}${t.operator}:${t.operand}`;
      }
    })
    .join(' ');
}

/** The view's title, or the panel's that replaces the messages (Browse streams). */
export function NarrowTitle() {
  const narrow = useStore(app, (s) => s.view.narrow);
  const streams = useStore(app, (s) => s.streams);
  const users = useStore(app, (s) => s.users);
  const panel = useStore(ui, (s) => s.panel);
  const title = useMemo(
    () => (panel === 'streams' ? 'Browse streams' : panel === 'settings' ? 'Settings' : narrowTitle(narrow, app.get())),
    [narrow, streams, users, panel],
  );
  useEffect(() => {
    setTabTitle(`${title} - ${app.get().realmName || 'Chat'}`);
  }, [title]);
  return <h1 class="narrow-title">{title}</h1>;
}

interface Group {
  key: string;
  reactions: Reaction[];
}

function Reactions({ message, selfId }: { message: Message; selfId: number }) {
  const [picking, setPicking] = useState(false);
  const groups: Group[] = [];
  for (const r of message.reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    const group = groups.find((g) => g.key === key);
    if (group) group.reactions.push(r);
    else groups.push({ key, reactions: [r] });
  }
  const fail = (e: unknown) => patchUi({ error: errorText(e) });
  return (
    <div class="reactions">
      {groups.map((g) => {
        const first = g.reactions[0]!;
        const mine = g.reactions.some((r) => r.user_id === selfId);
        const url = emojiImageUrl(app.get(), first.reaction_type, first.emoji_code);
        const who = g.reactions.map((r) => (r.user_id === selfId ? 'You' : (app.get().users[r.user_id]?.full_name ?? '?'))).join(', ');
        return (
          <button
            key={g.key}
            type="button"
            class={`reaction${mine ? ' mine' : ''}`}
            aria-pressed={mine}
            aria-label={`${first.emoji_name.replace(/_/g, ' ')}: ${g.reactions.length}`}
            title={`${who} reacted with :${first.emoji_name}:`}
            onClick={() => void toggleReaction(message, first.emoji_name, first.emoji_code).catch(fail)}
          >
            <span class="reaction-emoji" aria-hidden="true">
              <EmojiImage name={first.emoji_name} url={url} />
            </span>{' '}
            {g.reactions.length}
          </button>
        );
      })}
      <button type="button" class="reaction add" aria-label="Add reaction" aria-expanded={picking} onClick={() => setPicking(!picking)}>
        <Icon name="add-reaction" />
      </button>
      {picking && (
        <div class="emoji-picker" role="group" aria-label="Choose a reaction">
          {['+1', 'smile', 'heart', 'tada', 'joy', 'thinking', 'eyes', 'check', 'rocket', 'clap'].map((name) => (
            <button
              key={name}
              type="button"
              class="icon"
              aria-label={`React with ${name.replace(/_/g, ' ')}`}
              onClick={() => {
                setPicking(false);
                void toggleReaction(message, name, BUILTIN_EMOJI[name]).catch(fail);
              }}
            >
              <EmojiImage name={name} url={unicodeEmojiUrl(BUILTIN_EMOJI[name]!)} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function Editor({ message, onDone }: { message: Message; onDone: () => void }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    rawContent(message.id)
      .then((raw) => setText(raw))
      .catch((e) => setError(errorText(e)));
  }, [message.id]);
  useEffect(() => {
    if (text !== null) ref.current?.focus();
  }, [text === null]);
  const save = async (e: Event) => {
    e.preventDefault();
    if (text === null) return;
    try {
      await editMessage(message.id, text);
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form class="editor" onSubmit={(e) => void save(e)} aria-label="Message editor">
      <label class="visually-hidden" for={`edit-${message.id}`}>
        Edit message
      </label>
      <textarea
        id={`edit-${message.id}`}
        ref={ref}
        value={text ?? ''}
        disabled={text === null}
        rows={3}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onDone();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save(e);
        }}
      />
      <div class="editor-actions">
        <button type="submit" class="primary" disabled={text === null}>
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={error} />
    </form>
  );
}

interface ItemProps {
  message: Message;
  selected: boolean;
  selfId: number;
}

const MessageItem = memo(function MessageItem({ message, selected, selfId }: ItemProps) {
  // The sender's current avatar (realm_user events change it), else the one the message came with.
  const senderAvatar = useStore(app, (s) => s.users[message.sender_id]?.avatar_url);
  const observer = useContext(ObserverContext);
  const ref = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || !observer) return;
    observer.observe(el);
    return () => observer.unobserve(el);
  }, [observer]);
  // Read at render: the realm's policy and the edit window change rarely (a new render catches up).
  const allowed = messageActions(app.get(), message, Date.now() / 1000);
  const starred = message.flags.includes('starred');
  const fail = (e: unknown) => patchUi({ error: errorText(e) });
  const quote = async () => {
    try {
      const raw = await rawContent(message.id);
      const state = app.get();
      const link = messageLink(message, state.selfId, message.type === 'stream' ? state.streams[message.stream_id]?.name : undefined);
      openCompose(replyTarget(state, message), quoteReply(message, raw, `${location.origin}${location.pathname}${link}`));
    } catch (e) {
      fail(e);
    }
  };
  const unread = !message.flags.includes('read') && message.sender_id !== selfId;
  return (
    <article
      ref={ref}
      class={`message${selected ? ' selected' : ''}${unread ? ' unread' : ''}`}
      data-message-id={message.id}
      aria-current={selected ? 'true' : undefined}
      aria-labelledby={`sender-${message.id}`}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a, button, textarea, input')) patchUi({ selectedId: message.id });
      }}
    >
      <Avatar url={senderAvatar ?? message.avatar_url} name={message.sender_full_name} />
      <div class="message-main">
        <div class="message-meta">
          <span class="sender" id={`sender-${message.id}`}>
            {message.sender_full_name}
          </span>
          <time dateTime={new Date(message.timestamp * 1000).toISOString()} title={formatDate(message.timestamp)}>
            {formatTime(message.timestamp)}
          </time>
          {message.last_edit_timestamp !== undefined && <span class="edited">(edited)</span>}
          {starred && (
            <span class="star-mark" role="img" aria-label="starred">
              <Icon name="star" />
            </span>
          )}
        </div>
        {editing ? <Editor message={message} onDone={() => setEditing(false)} /> : <Content html={message.content} />}
        <Reactions message={message} selfId={selfId} />
      </div>
      <div class="message-actions">
        <button type="button" class="action" aria-pressed={starred} onClick={() => void toggleStar(message).catch(fail)}>
          {starred ? 'Unstar' : 'Star'}
        </button>
        <button type="button" class="action" onClick={() => void quote()}>
          Quote and reply
        </button>
        {allowed.edit && !editing && (
          <button type="button" class="action" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
        {allowed.delete &&
          (confirming ? (
            <span class="confirm" role="group" aria-label="Delete this message?">
              <button type="button" class="action danger" onClick={() => void deleteMessage(message.id).catch(fail)}>
                Confirm delete
              </button>
              <button type="button" class="action" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" class="action" onClick={() => setConfirming(true)}>
              Delete
            </button>
          ))}
      </div>
    </article>
  );
});

interface BarProps {
  message: Message;
  streamName: string;
  color: string;
  selfId: number;
}

const RecipientBar = memo(function RecipientBar({ message, streamName, color, selfId }: BarProps) {
  const ref = useCssVar<HTMLDivElement>('--stream-color', color);
  if (message.type === 'stream') {
    const streamNarrow = [{ operator: 'stream', operand: String(message.stream_id) }];
    const topicNarrow = [...streamNarrow, { operator: 'topic', operand: message.subject }];
    return (
      <div class="recipient-bar stream" ref={ref}>
        <a href={narrowToHash(streamNarrow, names)}>#{streamName}</a>
        <span aria-hidden="true"> › </span>
        <a href={narrowToHash(topicNarrow, names)}>{message.subject || '(no topic)'}</a>
        <span class="bar-date">{formatDate(message.timestamp)}</span>
      </div>
    );
  }
  const key = messagePmKey(message, selfId);
  const others = Array.isArray(message.display_recipient)
    ? message.display_recipient.filter((r) => r.id !== selfId).map((r) => r.full_name)
    : [];
  return (
    <div class="recipient-bar private" ref={ref}>
      <a href={narrowToHash([{ operator: 'pm-with', operand: key }], names)}>{`You and ${others.join(', ') || 'yourself'}`}</a>
      <span class="bar-date">{formatDate(message.timestamp)}</span>
    </div>
  );
});

/** Per message object (messages are immutable): which conversation and day it belongs to. */
const groupKeys = new WeakMap<Message, string>();
const tzOffset = new Date().getTimezoneOffset() * 60;
function groupKey(m: Message): string {
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
const WINDOW = 240;
const STEP = 80;
const EDGE_PX = 600;

/** The first index whose id is >= id (ids ascending). */
function lowerBound(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Range {
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
function computeRange(
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
