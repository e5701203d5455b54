/**
 * What the app does with the server: the session, the event queue (register, long-poll, re-register
 * and catch up), loading narrows, marking read, and the message and stream actions.
 */
import { eventQueueEndpoints, messageEndpoints, settingsEndpoints, subscriptionEndpoints, type ParamsIn } from '@chat/contracts';
import { ApiCallError, api, client, endSessionCalls, errorText, setUnauthorizedHandler } from './api';
import {
  matchesNarrow,
  narrowForApi,
  narrowKey,
  narrowToHash,
  parseNarrowHash,
  resolveNarrow,
  type NameLookup,
  type Resolver,
} from './lib/narrow';
import { applyPresenceAnswer } from './lib/presence';
import type { EventMap } from '@chat/events';
import {
  applyEvent,
  CLIENT_EVENT_TYPES,
  emptyState,
  isTopicMuted,
  markReadLocally,
  mergeFetched,
  stateFromRegister,
  toMessage,
  type FetchedMessage,
} from './lib/state';
import type { AppState, Message, Narrow, ServerEvent } from './lib/types';
import { app, patchUi, ui } from './store';
import { parseSettingsHash } from './features/settings/settings-route';

const FETCH_TYPES = [...CLIENT_EVENT_TYPES, 'recent_private_conversations'];
const CAPABILITIES = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: false,
  stream_typing_notifications: true,
  user_settings_object: true,
};

let session = 0;
let queue: { id: string; lastEventId: number } | null = null;

export const names: NameLookup = {
  streamName: (id) => app.get().streams[id]?.name,
  userName: (id) => app.get().users[id]?.full_name,
  userEmail: (id) => app.get().users[id]?.email,
};

export const resolver: Resolver = {
  streamIdByName(name) {
    const lower = name.toLowerCase();
    return Object.values(app.get().streams).find((s) => s.name.toLowerCase() === lower)?.stream_id;
  },
  userIdByEmail(email) {
    const lower = email.toLowerCase();
    return Object.values(app.get().users).find((u) => u.email.toLowerCase() === lower)?.user_id;
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toLogin(): void {
  session += 1;
  endSessionCalls();
  queue = null;
  typingState = null;
  app.set(() => emptyState());
  patchUi({ auth: 'login', compose: null, selectedId: null, panel: null });
}
setUnauthorizedHandler(() => {
  if (ui.get().auth !== 'login') toLogin();
});

async function register(): Promise<Record<string, unknown>> {
  const answer = await api(eventQueueEndpoints.register, {
    apply_markdown: true,
    client_gravatar: false,
    slim_presence: true,
    include_subscribers: false,
    client_capabilities: CAPABILITIES,
    event_types: [...CLIENT_EVENT_TYPES],
    fetch_event_types: FETCH_TYPES,
  });
  queue = { id: answer.queue_id, lastEventId: answer.last_event_id };
  return answer as Record<string, unknown>;
}

/** Starts the app for a logged-in browser: who we are, the initial state, the narrow of the hash, then events. */
export async function startSession(): Promise<void> {
  const mine = ++session;
  try {
    const me = await api(settingsEndpoints.getOwnUser, {});
    const self = { user_id: Number(me.user_id), email: String(me.email) };
    const state = await register();
    if (mine !== session) return;
    app.set((previous) => stateFromRegister(state, self, previous));
    patchUi({ auth: 'app', selfEmail: self.email, error: null });
    void openHash();
    void pollLoop(mine);
    void reportPresence(mine);
  } catch (error) {
    if (mine !== session) return;
    if (error instanceof ApiCallError && error.status === 401) toLogin();
    else {
      patchUi({ error: errorText(error) });
      await sleep(2000);
      if (mine === session) void startSession();
    }
  }
}

export async function logout(): Promise<void> {
  try {
    await client.request(settingsEndpoints.webLogout, {});
  } finally {
    toLogin();
  }
}

const isBadQueue = (error: unknown) =>
  error instanceof ApiCallError && (error.body.code === 'BAD_EVENT_QUEUE_ID' || /Bad event queue/i.test(error.body.msg));

async function pollLoop(mine: number): Promise<void> {
  let failures = 0;
  while (mine === session) {
    try {
      if (!queue) {
        const state = await register();
        if (mine !== session) return;
        app.set((previous) => stateFromRegister(state, { user_id: previous.selfId, email: previous.selfEmail }, previous));
        void catchUp();
      }
      const current = queue!;
      const answer = await api(eventQueueEndpoints.getEvents, { queue_id: current.id, last_event_id: current.lastEventId });
      if (mine !== session) return;
      failures = 0;
      if (ui.get().connection !== 'ok') patchUi({ connection: 'ok' });
      // The events the server's event map declares (@chat/events); its tests check each against its schema.
      const events = answer.events as ServerEvent[];
      if (events.length > 0) {
        current.lastEventId = Math.max(current.lastEventId, ...events.map((e) => Number(e.id)));
        handleEvents(events);
      }
    } catch (error) {
      if (mine !== session) return;
      if (error instanceof ApiCallError && error.status === 401) return;
      if (isBadQueue(error)) {
        queue = null;
        continue;
      }
      failures += 1;
      patchUi({ connection: 'reconnecting' });
      await sleep(Math.min(5000, 500 * 2 ** Math.min(failures, 4)));
      // A queue that vanished while the server was away answers BAD_EVENT_QUEUE_ID next time.
    }
  }
}

function handleEvents(events: ServerEvent[]): void {
  const before = app.get();
  const now = Date.now();
  app.set((state) => events.reduce((s: AppState, e) => applyEvent(s, e, now), state));
  for (const event of events) {
    if (event.type === 'message') notifyIfNeeded(event, before);
    if (event.type === 'delete_message' || event.type === 'message') fixSelection();
  }
}

/** After a re-register: the open narrow's newest messages again, merged by id. */
async function catchUp(): Promise<void> {
  const narrow = app.get().view.narrow;
  await fetchInto(narrow, { anchor: 'newest', num_before: 50, num_after: 0 }, { foundNewest: true });
}

async function fetchInto(
  narrow: Narrow,
  params: { anchor: string | number; num_before: number; num_after: number },
  override: { foundNewest?: boolean; replace?: boolean } = {},
): Promise<{ found_oldest: boolean; found_newest: boolean } | undefined> {
  const forApi = narrowForApi(narrow);
  const answer = await api(messageEndpoints.getMessages, {
    anchor: String(params.anchor),
    num_before: params.num_before,
    num_after: params.num_after,
    narrow: forApi.narrow as never,
    apply_markdown: true,
    client_gravatar: false,
  });
  if (app.get().view.narrow !== narrow) return undefined;
  app.set((state) =>
    mergeFetched(state, narrow, answer.messages as FetchedMessage[], {
      foundOldest: params.num_before > 0 ? answer.found_oldest : undefined,
      foundNewest: override.foundNewest ?? (params.num_after > 0 || params.anchor === 'newest' ? answer.found_newest : undefined),
      replace: override.replace,
    }),
  );
  return answer;
}

/**
 * Opens what location.hash names: a settings section (over the current narrow, the home view
 * when the app has just started) or a narrow.
 */
export async function openHash(): Promise<void> {
  const settings = parseSettingsHash(location.hash);
  if (settings) {
    const view = app.get().view;
    const loaded = view.ids.length > 0 || view.foundNewest || view.foundOldest;
    if (!loaded) await openNarrow(resolveNarrow(parseNarrowHash(''), resolver));
    patchUi({ panel: 'settings', settingsRoute: settings, sidebarOpen: false, usersOpen: false });
    return;
  }
  if (ui.get().panel === 'settings') patchUi({ panel: null, settingsRoute: null });
  await openNarrow(resolveNarrow(parseNarrowHash(location.hash), resolver));
}

export function navigate(narrow: Narrow): void {
  const hash = narrowToHash(narrow, names);
  if (location.hash === hash) void openNarrow(narrow);
  else location.hash = hash;
}

async function openNarrow(narrow: Narrow): Promise<void> {
  const same = narrowKey(narrow) === narrowKey(app.get().view.narrow) && app.get().view.ids.length > 0;
  if (same) return;
  app.set((state) => ({ ...state, view: { narrow, ids: [], foundOldest: false, foundNewest: false } }));
  patchUi({ selectedId: null, loadingView: true, panel: null, sidebarOpen: false });
  const anchor = narrowForApi(narrow).anchor;
  try {
    if (anchor !== undefined) await fetchInto(narrow, { anchor, num_before: 25, num_after: 25 }, { replace: true });
    else await fetchInto(narrow, { anchor: 'newest', num_before: 50, num_after: 0 }, { foundNewest: true, replace: true });
    if (app.get().view.narrow !== narrow) return;
    const ids = app.get().view.ids;
    patchUi({ selectedId: anchor !== undefined && ids.includes(anchor) ? anchor : (ids[ids.length - 1] ?? null), error: null });
  } catch (error) {
    if (app.get().view.narrow === narrow) patchUi({ error: errorText(error) });
  } finally {
    if (app.get().view.narrow === narrow) patchUi({ loadingView: false });
  }
}

export async function loadOlder(): Promise<void> {
  const { view } = app.get();
  if (view.foundOldest || ui.get().loadingOlder || view.ids.length === 0) return;
  patchUi({ loadingOlder: true });
  try {
    await fetchInto(view.narrow, { anchor: view.ids[0]!, num_before: 100, num_after: 0 });
  } catch (error) {
    patchUi({ error: errorText(error) });
  } finally {
    patchUi({ loadingOlder: false });
  }
}

export async function loadNewer(): Promise<void> {
  const { view } = app.get();
  if (view.foundNewest || ui.get().loadingOlder || view.ids.length === 0) return;
  patchUi({ loadingOlder: true });
  try {
    await fetchInto(view.narrow, { anchor: view.ids[view.ids.length - 1]!, num_before: 0, num_after: 100 });
  } finally {
    patchUi({ loadingOlder: false });
  }
}

function fixSelection(): void {
  const { selectedId } = ui.get();
  const ids = app.get().view.ids;
  if (selectedId === null || !ids.includes(selectedId)) patchUi({ selectedId: ids[ids.length - 1] ?? null });
}

/* Marking read: visible messages are collected and sent in one request every 200 ms. */
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

/* Message actions. */
export async function sendMessage(
  target: { kind: 'stream'; stream: string; topic: string } | { kind: 'private'; to: string },
  content: string,
): Promise<void> {
  if (target.kind === 'stream') {
    const id = resolver.streamIdByName(target.stream);
    await api(messageEndpoints.sendMessage, {
      type: 'stream',
      to: id !== undefined ? JSON.stringify(id) : target.stream,
      topic: target.topic || '(no topic)',
      content,
      queue_id: queue?.id,
    });
  } else {
    const emails = target.to
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    await api(messageEndpoints.sendMessage, { type: 'private', to: JSON.stringify(emails), content, queue_id: queue?.id });
  }
}

export async function toggleReaction(message: Message, emojiName: string, emojiCode?: string): Promise<void> {
  const selfId = app.get().selfId;
  const mine = message.reactions.some(
    (r) => r.user_id === selfId && (r.emoji_name === emojiName || (emojiCode !== undefined && r.emoji_code === emojiCode)),
  );
  const existing = message.reactions.find((r) => r.emoji_name === emojiName);
  const params = {
    message_id: message.id,
    emoji_name: emojiName,
    ...(existing ? { emoji_code: existing.emoji_code, reaction_type: existing.reaction_type } : {}),
  };
  await api(mine ? messageEndpoints.removeReaction : messageEndpoints.addReaction, params);
}

export async function toggleStar(message: Message): Promise<void> {
  const starred = message.flags.includes('starred');
  await api(messageEndpoints.updateMessageFlags, { messages: [message.id], op: starred ? 'remove' : 'add', flag: 'starred' });
}

export async function editMessage(id: number, content: string): Promise<void> {
  await api(messageEndpoints.updateMessage, { message_id: id, content });
}

export async function deleteMessage(id: number): Promise<void> {
  await api(messageEndpoints.deleteMessage, { message_id: id });
}

export async function rawContent(id: number): Promise<string> {
  const answer = await api(messageEndpoints.getMessage, { message_id: id, apply_markdown: false });
  return answer.raw_content;
}

export async function renderPreview(content: string): Promise<string> {
  const answer = await api(messageEndpoints.renderMessage, { content });
  return answer.rendered;
}

let typingState: { key: string; at: number } | null = null;

/** Typing notifications: start (again every 10 s while typing), and stop. */
export function typing(
  target: { kind: 'stream'; stream: string; topic: string } | { kind: 'private'; to: string } | null,
  active: boolean,
): void {
  const key = target ? JSON.stringify(target) : '';
  const now = Date.now();
  let params: ParamsIn<typeof messageEndpoints.setTypingStatus>;
  if (!target) return;
  if (target.kind === 'stream') {
    const id = resolver.streamIdByName(target.stream);
    if (id === undefined || !target.topic) return;
    params = { type: 'stream', stream_id: id, topic: target.topic };
  } else {
    const ids = target.to
      .split(',')
      .map((e) => resolver.userIdByEmail(e.trim()))
      .filter((id): id is number => id !== undefined);
    if (ids.length === 0) return;
    params = { type: 'direct', to: JSON.stringify(ids) };
  }
  if (active) {
    if (typingState?.key === key && now - typingState.at < 10000) return;
    typingState = { key, at: now };
    api(messageEndpoints.setTypingStatus, { ...params, op: 'start' }).catch(() => undefined);
  } else if (typingState) {
    typingState = null;
    api(messageEndpoints.setTypingStatus, { ...params, op: 'stop' }).catch(() => undefined);
  }
}

/* Streams. */
export async function subscribe(name: string, options: { description?: string; invite_only?: boolean } = {}): Promise<void> {
  await api(subscriptionEndpoints.subscribe, {
    subscriptions: JSON.stringify([{ name, description: options.description ?? '' }]),
    invite_only: options.invite_only ?? false,
  });
}

export async function unsubscribe(name: string): Promise<void> {
  await api(subscriptionEndpoints.unsubscribe, { subscriptions: JSON.stringify([name]) });
}

export async function setSubscriptionProperty(streamId: number, property: string, value: boolean | string): Promise<void> {
  await api(subscriptionEndpoints.updateSubscriptionProperties, {
    subscription_data: JSON.stringify([{ stream_id: streamId, property, value }]),
  });
}

export async function setTopicMuted(streamId: number, topic: string, muted: boolean): Promise<void> {
  const streamMuted = app.get().subs[streamId]?.is_muted === true;
  // In a muted stream, "unmute" makes the topic visible (policy 2); elsewhere it clears the policy.
  const policy = muted ? 1 : streamMuted ? 2 : 0;
  await api(subscriptionEndpoints.updateUserTopic, { stream_id: streamId, topic, visibility_policy: policy });
}

export async function streamTopics(streamId: number): Promise<{ name: string; max_id: number }[]> {
  const answer = await api(subscriptionEndpoints.getStreamTopics, { stream_id: streamId });
  return answer.topics as { name: string; max_id: number }[];
}

type BrowsedStream = { stream_id: number; name: string; description: string; rendered_description?: string; invite_only: boolean };

export async function allStreams(): Promise<BrowsedStream[]> {
  const answer = await api(subscriptionEndpoints.getStreams, {});
  return answer.streams as BrowsedStream[];
}

/**
 * Presence, as Zulip's web app does it: every ping interval (the server's, from /register) report
 * whether this tab is in use, and take the realm's presences from the answer. Between two reports
 * only someone coming online makes an event, so without the answer others would age into
 * "offline" while they are still here.
 */
async function reportPresence(mine: number): Promise<void> {
  while (mine === session) {
    const status = document.visibilityState === 'visible' ? 'active' : 'idle';
    try {
      const answer = await api(settingsEndpoints.updatePresence, {
        status,
        new_user_input: status === 'active',
        ping_only: false,
        slim_presence: true,
      });
      if (mine !== session) return;
      app.set((state) => applyPresenceAnswer(state, answer, Date.now()));
    } catch {
      /* The next report tries again; a lost session is handled by api(). */
    }
    await sleep(app.get().presenceSettings.pingIntervalSeconds * 1000);
  }
}

/* Desktop notifications for mentions and private messages, when the tab is hidden or the message is elsewhere. */
function notifyIfNeeded(event: EventMap['message'], before: AppState): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const message = toMessage(event.message, event.flags);
  const state = app.get();
  if (message.sender_id === state.selfId || message.flags.includes('read')) return;
  const mentioned = message.flags.includes('mentioned') || message.flags.includes('wildcard_mentioned');
  const sub = message.type === 'stream' ? state.subs[message.stream_id] : undefined;
  const streamWants =
    sub?.desktop_notifications === true ||
    (sub?.desktop_notifications === null && state.settings.enable_stream_desktop_notifications === true);
  if (!(message.type === 'private' || mentioned || streamWants)) return;
  if (message.type === 'stream' && !mentioned && isTopicMuted(state, message.stream_id, message.subject)) return;
  const inView = matchesNarrow(message, before.view.narrow, state.selfId, (id) => state.streams[id]?.name) === true;
  if (!document.hidden && inView) return;
  const title =
    message.type === 'stream'
      ? `${message.sender_full_name} (#${String(message.display_recipient)} > ${message.subject})`
      : message.sender_full_name;
  const body = new DOMParser().parseFromString(message.content, 'text/html').body.textContent ?? '';
  try {
    const notification = new Notification(title, { body: body.slice(0, 200), tag: String(message.id) });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    /* Some browsers allow notifications only from a service worker. */
  }
}
