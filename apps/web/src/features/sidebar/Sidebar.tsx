import { useEffect, useMemo, useState } from 'preact/hooks';
import { errorText } from '../../api';
import { isTopicMuted, topicKey } from '../../lib/state';
import type { Narrow, Subscription } from '../../lib/types';
import { unreadCounts, type UnreadCounts } from '../../lib/unread';
import { app, patchUi, useStore } from '../../store';
import { Icon } from '../../ui/icons';
import { useCssVar } from '../../ui/util';
import { names } from '../narrow/lookup';
import { narrowKey, narrowStreamId, narrowToHash } from '../narrow/narrow';
import { conversationLabel, sidebarConversations, sortedSubscriptions, topicsToShow } from './sidebar-model';
import { setSubscriptionProperty, setTopicMuted, streamTopics, unsubscribe } from './stream-actions';

export function Badge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span class="badge" role="img" aria-label={`${count} unread`}>
      {count}
    </span>
  );
}

function NavLink({ narrow, label, count, current }: { narrow: Narrow; label: string; count?: number; current: string }) {
  const active = narrowKey(narrow) === current;
  return (
    <li class={active ? 'active' : ''}>
      <a href={narrowToHash(narrow, names)} aria-current={active ? 'page' : undefined}>
        {label}
      </a>
      <Badge count={count} />
    </li>
  );
}

function Swatch({ color }: { color: string }) {
  const ref = useCssVar<HTMLSpanElement>('--stream-color', color);
  return <span class="swatch" ref={ref} aria-hidden="true" />;
}

function TopicList({ sub, counts, current }: { sub: Subscription; counts: UnreadCounts; current: string }) {
  const [topics, setTopics] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const userTopics = useStore(app, (s) => s.userTopics);
  const messages = useStore(app, (s) => s.messages);
  // Fetched once when expanded; topics that appear later come from the messages that arrive.
  useEffect(() => {
    streamTopics(sub.stream_id)
      .then((list) => setTopics(list.map((t) => t.name)))
      .catch((e) => setError(errorText(e)));
  }, [sub.stream_id]);
  const unreadTopics = counts.topics[sub.stream_id] ?? {};
  const all = useMemo(
    () => topicsToShow(topics ?? [], messages, sub.stream_id, Object.keys(unreadTopics)),
    [topics, unreadTopics, messages, sub.stream_id],
  );
  if (error) return <p class="error">{error}</p>;
  if (!topics) return <p class="muted-text">Loading topics…</p>;
  const state = app.get();
  return (
    <ul class="topics" aria-label={`Topics of ${sub.name}`}>
      {all.length === 0 && <li class="muted-text">No topics yet</li>}
      {all.map((topic) => {
        const narrow = [
          { operator: 'stream', operand: String(sub.stream_id) },
          { operator: 'topic', operand: topic },
        ];
        const muted = isTopicMuted({ ...state, userTopics }, sub.stream_id, topic);
        const count = Object.entries(unreadTopics).find(([name]) => name.toLowerCase() === topic.toLowerCase())?.[1];
        const active = narrowKey(narrow) === current;
        return (
          <li key={topicKey(sub.stream_id, topic)} class={`${active ? 'active' : ''}${muted ? ' muted' : ''}`}>
            <a href={narrowToHash(narrow, names)} aria-current={active ? 'page' : undefined}>
              {topic}
            </a>
            <Badge count={count} />
            <button
              type="button"
              class="icon"
              aria-label={`${muted ? 'Unmute' : 'Mute'} topic ${topic}`}
              title={muted ? 'Unmute topic' : 'Mute topic'}
              onClick={() => void setTopicMuted(sub.stream_id, topic, !muted).catch((e) => patchUi({ error: errorText(e) }))}
            >
              <Icon name={muted ? 'speaker-muted' : 'speaker'} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function StreamMenu({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const fail = (e: unknown) => patchUi({ error: errorText(e) });
  const desktop = sub.desktop_notifications === true;
  return (
    <div class="menu" role="group" aria-label={`Options for ${sub.name}`}>
      <button type="button" onClick={() => void setSubscriptionProperty(sub.stream_id, 'is_muted', !sub.is_muted).then(onClose, fail)}>
        {sub.is_muted ? 'Unmute stream' : 'Mute stream'}
      </button>
      <label class="check">
        <input
          type="checkbox"
          checked={desktop}
          onChange={() => void setSubscriptionProperty(sub.stream_id, 'desktop_notifications', !desktop).catch(fail)}
        />
        Desktop notifications
      </label>
      <button type="button" onClick={() => void setSubscriptionProperty(sub.stream_id, 'pin_to_top', !sub.pin_to_top).then(onClose, fail)}>
        {sub.pin_to_top ? 'Unpin stream' : 'Pin stream to top'}
      </button>
      <button type="button" onClick={() => void unsubscribe(sub.name).then(onClose, fail)}>
        Unsubscribe
      </button>
    </div>
  );
}

/** A stream's row; its topics show while the view is in it (as Zulip's left sidebar), or when opened by hand. */
function StreamItem({ sub, counts, current, inView }: { sub: Subscription; counts: UnreadCounts; current: string; inView: boolean }) {
  const [expanded, setExpanded] = useState(inView);
  const [menu, setMenu] = useState(false);
  const narrow = [{ operator: 'stream', operand: String(sub.stream_id) }];
  const active = narrowKey(narrow) === current;
  // Each new view shows only its own stream's topics: the others fold away.
  useEffect(() => setExpanded(inView), [current]);
  return (
    <li class={`stream-item${active ? ' active' : ''}${sub.is_muted ? ' muted' : ''}`}>
      <div class="row">
        <button
          type="button"
          class="icon expander"
          aria-expanded={expanded}
          aria-label={`Topics of ${sub.name}`}
          onClick={() => setExpanded(!expanded)}
        >
          <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
        </button>
        <Swatch color={sub.color} />
        <a href={narrowToHash(narrow, names)} aria-current={active ? 'page' : undefined}>
          {sub.name}
        </a>
        {sub.invite_only && (
          <span class="lock" title="Private stream" role="img" aria-label="private">
            <Icon name="lock" />
          </span>
        )}
        <Badge count={counts.streams[sub.stream_id]} />
        <button type="button" class="icon" aria-label={`Options for ${sub.name}`} aria-expanded={menu} onClick={() => setMenu(!menu)}>
          <Icon name="more" />
        </button>
      </div>
      {menu && <StreamMenu sub={sub} onClose={() => setMenu(false)} />}
      {expanded && <TopicList sub={sub} counts={counts} current={current} />}
    </li>
  );
}

export function Sidebar() {
  const unread = useStore(app, (s) => s.unread);
  const subs = useStore(app, (s) => s.subs);
  const userTopics = useStore(app, (s) => s.userTopics);
  const recent = useStore(app, (s) => s.recentPrivate);
  const users = useStore(app, (s) => s.users);
  const selfId = useStore(app, (s) => s.selfId);
  const narrow = useStore(app, (s) => s.view.narrow);
  const counts = useMemo(() => unreadCounts(app.get()), [unread, subs, userTopics]);
  const current = narrowKey(narrow);
  const viewStream = narrowStreamId(narrow);
  const sorted = sortedSubscriptions(subs);
  const conversations = sidebarConversations(recent, Object.keys(counts.private));
  return (
    <div class="sidebar-inner">
      <ul class="views">
        <NavLink narrow={[]} label="All messages" count={counts.home} current={current} />
        <NavLink narrow={[{ operator: 'is', operand: 'private' }]} label="Private messages" count={counts.privateTotal} current={current} />
        <NavLink narrow={[{ operator: 'is', operand: 'mentioned' }]} label="Mentions" count={counts.mentions} current={current} />
        <NavLink narrow={[{ operator: 'is', operand: 'starred' }]} label="Starred" current={current} />
      </ul>
      <div class="section-head">
        <h2 id="streams-heading">Streams</h2>
        <button type="button" class="link" onClick={() => patchUi({ panel: 'streams', sidebarOpen: false })}>
          Browse streams
        </button>
      </div>
      <ul class="streams">
        {sorted.map((sub) => (
          <StreamItem key={sub.stream_id} sub={sub} counts={counts} current={current} inView={sub.stream_id === viewStream} />
        ))}
      </ul>
      <div class="section-head">
        <h2 id="pm-heading">Private messages</h2>
      </div>
      <ul class="conversations">
        {conversations.slice(0, 20).map((c) => {
          const label = conversationLabel(c.key, selfId, users);
          const pmNarrow = [{ operator: 'pm-with', operand: c.key }];
          const active = narrowKey(pmNarrow) === current;
          return (
            <li key={c.key} class={active ? 'active' : ''}>
              <a href={narrowToHash(pmNarrow, names)} aria-current={active ? 'page' : undefined}>
                {label}
              </a>
              <Badge count={counts.private[c.key]} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
