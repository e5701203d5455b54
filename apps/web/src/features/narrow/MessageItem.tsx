import { createContext } from 'preact';
import { memo } from 'preact/compat';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../api';
import { messageActions } from '../../lib/state';
import type { Message } from '../../lib/types';
import { app, openCompose, patchUi, useStore } from '../../store';
import { Avatar } from '../../ui/Avatar';
import { Content } from '../../ui/Content';
import { Icon } from '../../ui/icons';
import { formatDate, formatTime } from '../../ui/util';
import { messageLink, quoteReply } from '../compose/compose';
import { replyTarget } from '../compose/compose-target';
import { Editor } from './Editor';
import { deleteMessage, rawContent, toggleStar } from './message-actions';
import { Reactions } from './Reactions';

/** The list's read observer: each message registers itself with it while drawn. */
export const ObserverContext = createContext<IntersectionObserver | null>(null);

interface ItemProps {
  message: Message;
  selected: boolean;
  selfId: number;
}

export const MessageItem = memo(function MessageItem({ message, selected, selfId }: ItemProps) {
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
