/** A minimal store with a selector hook: components re-render only when what they select changes. */
import { useEffect, useReducer, useRef } from 'preact/hooks';
import { emptyState } from './lib/state';
import type { ComposeTarget } from './features/compose/compose-target';
import type { AppState, Message, Narrow } from './lib/types';
import type { SettingsRoute } from './features/settings/settings-route';

export interface Store<T> {
  get(): T;
  set(change: (state: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  const [, force] = useReducer((n: number) => n + 1, 0);
  const selectorRef = useRef(selector);
  selectorRef.current = selector;
  const value = selector(store.get());
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(
    () =>
      store.subscribe(() => {
        if (!Object.is(selectorRef.current(store.get()), valueRef.current)) force(0);
      }),
    [store],
  );
  return value;
}

export type { ComposeTarget };

export interface ComposeRequest {
  target: ComposeTarget;
  /** Text to add to the message (a quote). */
  insert?: string;
  nonce: number;
}

export type AuthStatus = 'loading' | 'login' | 'app';

export interface UiState {
  auth: AuthStatus;
  selfEmail: string;
  selectedId: number | null;
  compose: ComposeRequest | null;
  panel: 'streams' | 'settings' | null;
  /** The settings section the hash names while the settings panel is open. */
  settingsRoute: SettingsRoute | null;
  sidebarOpen: boolean;
  usersOpen: boolean;
  loadingOlder: boolean;
  loadingView: boolean;
  error: string | null;
  connection: 'ok' | 'reconnecting';
}

export const app = createStore<AppState>(emptyState());

export const ui = createStore<UiState>({
  auth: 'loading',
  selfEmail: '',
  selectedId: null,
  compose: null,
  panel: null,
  settingsRoute: null,
  sidebarOpen: false,
  usersOpen: false,
  loadingOlder: false,
  loadingView: false,
  error: null,
  connection: 'ok',
});

export const patchUi = (change: Partial<UiState>) => ui.set((s) => ({ ...s, ...change }));

export const currentNarrow = (): Narrow => app.get().view.narrow;
export const messageById = (id: number): Message | undefined => app.get().messages[id];

let composeNonce = 0;
export function openCompose(target: ComposeTarget, insert?: string): void {
  composeNonce += 1;
  patchUi({ compose: { target, insert, nonce: composeNonce } });
}
