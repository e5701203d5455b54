import { useEffect, useMemo, useState } from 'preact/hooks';
import { names } from '../narrow/lookup';
import { narrowToHash, pmKey } from '../narrow/narrow';
import { presenceStatus, type PresenceStatus } from '../../lib/presence';
import { app, useStore } from '../../store';
import { Avatar } from '../../ui/Avatar';
import { typingText } from './sidebar-model';

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

export function TypingIndicator() {
  // Who types, and where the view is, decide the line.
  useStore(app, (s) => s.typing);
  useStore(app, (s) => s.view.narrow);
  const now = useNow(3000);
  const text = typingText(app.get(), now);
  return (
    <div class="typing" aria-live="polite">
      {text}
    </div>
  );
}
