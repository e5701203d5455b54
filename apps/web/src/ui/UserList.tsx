import { useEffect, useMemo, useState } from 'preact/hooks';
import { names } from '../controller';
import { narrowToHash, pmKey } from '../lib/narrow';
import { presenceStatus, type PresenceStatus } from '../lib/presence';
import type { AppState } from '../lib/types';
import { app, useStore } from '../store';
import { Avatar } from './Avatar';

const RANK: Record<PresenceStatus, number> = { active: 0, idle: 1, offline: 2 };

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function UserList() {
  const users = useStore(app, (s) => s.users);
  const presence = useStore(app, (s) => s.presence);
  const selfId = useStore(app, (s) => s.selfId);
  const serverOffset = useStore(app, (s) => s.serverOffset);
  const [filter, setFilter] = useState('');
  // Statuses age between two presence answers: looked at again every 15 s.
  const now = useNow(15000);
  const list = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const state = app.get();
    return Object.values(users)
      .filter(
        (u) => u.is_active !== false && !u.is_bot && (!q || u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)),
      )
      .map((u) => ({ user: u, status: presenceStatus(state, u.user_id, now) }))
      .sort((a, b) => RANK[a.status] - RANK[b.status] || a.user.full_name.localeCompare(b.user.full_name));
  }, [users, presence, filter, selfId, serverOffset, now]);
  return (
    <div class="users-inner">
      <h2>Users</h2>
      <input
        type="search"
        aria-label="Filter users"
        placeholder="Filter users"
        value={filter}
        onInput={(e) => setFilter(e.currentTarget.value)}
      />
      <ul class="user-list">
        {list.map(({ user, status }) => (
          <li key={user.user_id}>
            <span class={`presence${status === 'offline' ? '' : ` ${status}`}`} aria-hidden="true" />
            <Avatar url={user.avatar_url} name={user.full_name} size={20} />
            <a href={narrowToHash([{ operator: 'pm-with', operand: pmKey([user.user_id], selfId) }], names)} title={user.email}>
              {user.full_name}
              <span class="visually-hidden">{` (${status})`}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function typingHere(state: AppState, conversation: string): boolean {
  const narrow = state.view.narrow;
  const stream = narrow.find((t) => t.operator === 'stream')?.operand;
  const topic = narrow.find((t) => t.operator === 'topic')?.operand;
  const pm = narrow.find((t) => t.operator === 'pm-with')?.operand;
  if (pm) return conversation === `pm:${pm}`;
  if (stream && /^\d+$/.test(stream)) {
    if (!conversation.startsWith(`stream:${stream}:`)) return false;
    return topic === undefined || conversation === `stream:${stream}:${topic.toLowerCase()}`;
  }
  if (narrow.some((t) => t.operator === 'is' && t.operand === 'private')) return conversation.startsWith('pm:');
  return narrow.length === 0;
}

export function TypingIndicator() {
  const typing = useStore(app, (s) => s.typing);
  const view = useStore(app, (s) => s.view.narrow);
  const now = useNow(3000);
  const state = app.get();
  const names_ = [
    ...new Set(
      typing
        .filter((t) => t.expires > now && typingHere(state, t.conversation))
        .map((t) => state.users[t.sender_id]?.full_name ?? 'Someone'),
    ),
  ];
  void view;
  let text = '';
  if (names_.length === 1) text = `${names_[0]} is typing…`;
  else if (names_.length > 1 && names_.length <= 3) text = `${names_.join(', ')} are typing…`;
  else if (names_.length > 3) text = 'Several people are typing…';
  return (
    <div class="typing" aria-live="polite">
      {text}
    </div>
  );
}
