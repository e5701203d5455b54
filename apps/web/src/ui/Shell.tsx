import { lazy, Suspense } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { logout } from '../features/session/session';
import { names, resolver } from '../features/narrow/lookup';
import { navigate, openHash } from '../features/narrow/loader';
import { narrowToSearch, parseSearch, resolveNarrow } from '../features/narrow/narrow';
import type { Message } from '../lib/types';
import { app, openCompose, patchUi, ui, useStore } from '../store';
import { composeTargetForNarrow, replyTarget } from '../features/compose/compose-target';
import { Compose } from '../features/compose/Compose';
import { MessageList } from '../features/narrow/MessageList';
import { NarrowTitle } from '../features/narrow/NarrowTitle';
import { selectionMoved } from '../features/narrow/selection';
import { Sidebar } from '../features/sidebar/Sidebar';
import { currentTheme, setTheme, type Theme } from './theme';
import { TypingIndicator, UserList } from '../features/sidebar/UserList';
import {
  listenForOpenedNotifications,
  registerServiceWorker,
  startTabBadge,
  WebPushToggle,
  webPushSupported,
} from '../features/notifications';

const StreamsPanel = lazy(() => import('../features/sidebar/StreamsPanel').then((m) => ({ default: m.StreamsPanel })));
const SettingsPanel = lazy(() => import('../features/settings/SettingsPanel').then((m) => ({ default: m.SettingsPanel })));

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function selectRelative(step: number): void {
  const next = selectionMoved(app.get().view.ids, ui.get().selectedId, step);
  if (next !== null) patchUi({ selectedId: next });
}

function onGlobalKey(e: KeyboardEvent): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') {
    const state = ui.get();
    if (state.compose) patchUi({ compose: null });
    else if (state.panel) patchUi({ panel: null });
    else if (state.sidebarOpen || state.usersOpen) patchUi({ sidebarOpen: false, usersOpen: false });
    return;
  }
  if (isEditable(e.target)) return;
  const state = app.get();
  switch (e.key) {
    case '/':
      e.preventDefault();
      document.getElementById('search-input')?.focus();
      break;
    case 'c':
      e.preventDefault();
      openCompose(composeTargetForNarrow(state, selectedMessage(), false));
      break;
    case 'x':
      e.preventDefault();
      openCompose(composeTargetForNarrow(state, selectedMessage(), true));
      break;
    case 'r': {
      const message = selectedMessage();
      if (!message) return;
      e.preventDefault();
      openCompose(replyTarget(state, message));
      break;
    }
    case 'j':
    case 'ArrowDown':
      if (e.key === 'ArrowDown' && e.target !== document.body) return;
      e.preventDefault();
      selectRelative(1);
      break;
    case 'k':
    case 'ArrowUp':
      if (e.key === 'ArrowUp' && e.target !== document.body) return;
      e.preventDefault();
      selectRelative(-1);
      break;
    default:
  }
}

function selectedMessage(): Message | undefined {
  const id = ui.get().selectedId;
  return id === null ? undefined : app.get().messages[id];
}

function SearchBox() {
  const narrow = useStore(app, (s) => s.view.narrow);
  const streams = useStore(app, (s) => s.streams);
  const users = useStore(app, (s) => s.users);
  const [text, setText] = useState('');
  useEffect(() => setText(narrowToSearch(narrow, names)), [narrow, streams, users]);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    navigate(resolveNarrow(parseSearch(text), resolver));
    (document.activeElement as HTMLElement | null)?.blur();
  };
  return (
    <form role="search" class="search" onSubmit={onSubmit}>
      <input
        id="search-input"
        type="search"
        aria-label="Search"
        placeholder="Search"
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
    </form>
  );
}

function ThemeToggle() {
  const [theme, setState] = useState<Theme>(currentTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      class="ghost"
      onClick={() => {
        setTheme(next);
        setState(next);
      }}
    >
      {next === 'dark' ? 'Dark theme' : 'Light theme'}
    </button>
  );
}

function NotificationButton() {
  const [permission, setPermission] = useState(typeof Notification === 'undefined' ? 'denied' : Notification.permission);
  if (permission !== 'default') return null;
  return (
    <button type="button" class="ghost" onClick={() => void Notification.requestPermission().then(setPermission)}>
      Enable desktop notifications
    </button>
  );
}

/** The realm's icon beside its name: the uploaded one or its identicon; nothing where it cannot load. */
function RealmIcon() {
  const url = useStore(app, (s) => s.realmIconUrl);
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return <img class="realm-icon" src={url} alt="" width={24} height={24} onError={() => setFailed(url)} />;
}

export function Shell() {
  const sidebarOpen = useStore(ui, (s) => s.sidebarOpen);
  const usersOpen = useStore(ui, (s) => s.usersOpen);
  const panel = useStore(ui, (s) => s.panel);
  const realmName = useStore(app, (s) => s.realmName);
  const selfEmail = useStore(ui, (s) => s.selfEmail);
  const connection = useStore(ui, (s) => s.connection);
  const error = useStore(ui, (s) => s.error);
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onHash = () => void openHash();
    window.addEventListener('hashchange', onHash);
    document.addEventListener('keydown', onGlobalKey);
    const stopBadge = startTabBadge();
    const stopListening = listenForOpenedNotifications((hash) => {
      location.hash = hash;
    });
    // A browser that already allowed notifications gets the current worker (it is checked at each start).
    if (webPushSupported() && Notification.permission === 'granted') void registerServiceWorker().catch(() => undefined);
    return () => {
      window.removeEventListener('hashchange', onHash);
      document.removeEventListener('keydown', onGlobalKey);
      stopBadge();
      stopListening();
    };
  }, []);

  return (
    <div class={`shell${sidebarOpen ? ' sidebar-open' : ''}${usersOpen ? ' users-open' : ''}`}>
      <header class="topbar">
        <button
          type="button"
          class="ghost toggle-sidebar"
          aria-expanded={sidebarOpen}
          aria-controls="left-sidebar"
          onClick={() => patchUi({ sidebarOpen: !sidebarOpen, usersOpen: false })}
        >
          Streams
        </button>
        <a class="realm-name" href="#all_messages">
          <RealmIcon />
          {realmName || 'Chat'}
        </a>
        <SearchBox />
        <div class="topbar-actions">
          <NotificationButton />
          <WebPushToggle />
          <ThemeToggle />
          <span class="self-email" title="Logged in as">
            {selfEmail}
          </span>
          <a class="topbar-link" href="#settings">
            Settings
          </a>
          <button type="button" class="ghost" onClick={() => void logout()}>
            Log out
          </button>
          <button
            type="button"
            class="ghost toggle-users"
            aria-expanded={usersOpen}
            aria-controls="right-sidebar"
            onClick={() => patchUi({ usersOpen: !usersOpen, sidebarOpen: false })}
          >
            Users
          </button>
        </div>
      </header>
      <nav id="left-sidebar" class="left-sidebar" aria-label="Streams">
        <Sidebar />
      </nav>
      <main class="center" ref={mainRef}>
        <div class="narrow-bar">
          <NarrowTitle />
          {connection !== 'ok' && (
            <span class="connection" role="status">
              Reconnecting…
            </span>
          )}
        </div>
        {error && (
          <p class="error banner" role="alert">
            {error}{' '}
            <button type="button" class="link" onClick={() => patchUi({ error: null })}>
              Dismiss
            </button>
          </p>
        )}
        {panel === 'streams' ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <StreamsPanel />
          </Suspense>
        ) : panel === 'settings' ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <SettingsPanel />
          </Suspense>
        ) : (
          <MessageList />
        )}
        <TypingIndicator />
        <Compose />
      </main>
      <aside id="right-sidebar" class="right-sidebar" aria-label="Users">
        <UserList />
      </aside>
    </div>
  );
}
