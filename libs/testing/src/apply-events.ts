/**
 * A client's view of /register state kept current by events, in the spirit of Zulip's
 * apply_events (zerver/lib/events.py): tests apply the events an action produced to the state
 * registered before it, and compare with the state a fresh /register returns.
 * Covers the event types the comparison test exercises; an unknown one throws, so a test never
 * passes by ignoring an event.
 */
type State = Record<string, unknown>;
type Event = Record<string, unknown> & { type: string };

type Sub = Record<string, unknown> & { stream_id: number; name: string };

function byName(a: { name: unknown }, b: { name: unknown }): number {
  const x = String(a.name);
  const y = String(b.name);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function applyEvent(state: State, event: Event): void {
  switch (event.type) {
    case 'heartbeat':
      return;
    case 'update_global_notifications':
      state[String(event.notification_name)] = event.setting;
      return;
    case 'update_display_settings':
      state[String(event.setting_name)] = event.setting;
      return;
    case 'user_settings':
      (state.user_settings as State)[String(event.property)] = event.value;
      return;
    case 'pointer':
      state.pointer = event.pointer;
      return;
    case 'muted_topics':
      state.muted_topics = event.muted_topics;
      return;
    case 'message': {
      const message = event.message as { id: number };
      state.max_message_id = Math.max(Number(state.max_message_id ?? -1), message.id);
      if (state.recent_private_conversations) applyRecentPrivate(state, event.message as PrivateMessage);
      return;
    }
    case 'realm_bot':
      applyRealmBot(state, event);
      return;
    case 'subscription':
      applySubscription(state, event);
      return;
    case 'realm_user':
      applyRealmUser(state, event);
      return;
    case 'custom_profile_fields':
      state.custom_profile_fields = event.fields;
      return;
    case 'realm_domains':
      applyRealmDomains(state, event);
      return;
    default:
      throw new Error(`applyEvent: no rule for ${event.type}`);
  }
}

function applySubscription(state: State, event: Event): void {
  const subscriptions = (state.subscriptions ?? []) as Sub[];
  const unsubscribed = (state.unsubscribed ?? []) as Sub[];
  const never = (state.never_subscribed ?? []) as Sub[];
  switch (event.op) {
    case 'add': {
      for (const sub of event.subscriptions as Sub[]) {
        state.unsubscribed = unsubscribed.filter((s) => s.stream_id !== sub.stream_id);
        state.never_subscribed = never.filter((s) => s.stream_id !== sub.stream_id);
        subscriptions.push(sub);
      }
      subscriptions.sort(byName);
      state.subscriptions = subscriptions;
      return;
    }
    case 'remove': {
      const removed = new Set((event.subscriptions as Sub[]).map((s) => s.stream_id));
      const leaving = subscriptions.filter((s) => removed.has(s.stream_id));
      state.subscriptions = subscriptions.filter((s) => !removed.has(s.stream_id));
      state.unsubscribed = [...unsubscribed, ...leaving].sort(byName);
      return;
    }
    case 'update': {
      const sub = subscriptions.find((s) => s.stream_id === event.stream_id);
      if (!sub) return;
      sub[String(event.property)] = event.value;
      if (event.property === 'in_home_view') sub.is_muted = !event.value;
      if (event.property === 'is_muted') sub.in_home_view = !event.value;
      return;
    }
    case 'peer_add':
    case 'peer_remove':
      return;
    default:
      throw new Error(`applyEvent: no rule for subscription/${String(event.op)}`);
  }
}

function applyRealmUser(state: State, event: Event): void {
  const users = (state.realm_users ?? []) as Record<string, unknown>[];
  const person = event.person as Record<string, unknown>;
  switch (event.op) {
    case 'add':
      // A client reads a bot's missing is_cross_realm_bot as false (2.1's add event, like ours,
      // omits it; /register's realm_users spells it out).
      users.push(person.is_bot === true ? { is_cross_realm_bot: false, ...person } : person);
      return;
    case 'update': {
      const user = users.find((u) => u.user_id === person.user_id);
      if (user) Object.assign(user, person);
      if (person.user_id === state.user_id && person.full_name !== undefined) state.full_name = person.full_name;
      return;
    }
    case 'remove': {
      // A deactivated user moves to realm_non_active_users (Zulip's raw_users is_active=False).
      const leaving = users.filter((u) => u.user_id === person.user_id);
      state.realm_users = users.filter((u) => u.user_id !== person.user_id);
      if (state.realm_non_active_users) {
        const inactive = [...(state.realm_non_active_users as Record<string, unknown>[]), ...leaving];
        state.realm_non_active_users = inactive.sort((a, b) => Number(a.user_id) - Number(b.user_id));
      }
      return;
    }
    default:
      throw new Error(`applyEvent: no rule for realm_user/${String(event.op)}`);
  }
}

type Bot = Record<string, unknown> & { user_id: number };

/** Zulip 2.1's apply_event for realm_bot. */
/** Zulip's apply_event for realm_domains: add appends, change replaces in place, remove drops. */
function applyRealmDomains(state: State, event: Event): void {
  const domains = (state.realm_domains ?? []) as { domain: string; allow_subdomains: boolean }[];
  const entry = event.realm_domain as { domain: string; allow_subdomains: boolean } | undefined;
  if (event.op === 'add' && entry) state.realm_domains = [...domains, entry];
  else if (event.op === 'change' && entry) state.realm_domains = domains.map((d) => (d.domain === entry.domain ? entry : d));
  else if (event.op === 'remove') state.realm_domains = domains.filter((d) => d.domain !== event.domain);
  else throw new Error(`applyEvent: no rule for realm_domains ${String(event.op)}`);
}

function applyRealmBot(state: State, event: Event): void {
  if (!state.realm_bots) return;
  const bots = state.realm_bots as Bot[];
  const bot = event.bot as Bot;
  switch (event.op) {
    case 'add':
      // A reactivated bot is added again: replace it rather than list it twice.
      state.realm_bots = [...bots.filter((b) => b.user_id !== bot.user_id), bot].sort((a, b) => a.user_id - b.user_id);
      return;
    case 'remove':
      for (const b of bots) if (b.user_id === bot.user_id) b.is_active = false;
      return;
    case 'delete':
      state.realm_bots = bots.filter((b) => b.user_id !== bot.user_id);
      return;
    case 'update': {
      const target = bots.find((b) => b.user_id === bot.user_id);
      if (!target) return;
      const { owner_id: ownerId, ...changes } = bot;
      Object.assign(target, changes);
      if (ownerId !== undefined) target.owner = emailOf(state, Number(ownerId));
      return;
    }
    default:
      throw new Error(`applyEvent: no rule for realm_bot/${String(event.op)}`);
  }
}

/** The event names the new owner by id; the state has emails (from realm_users, so wanted too). */
function emailOf(state: State, userId: number): unknown {
  const users = (state.realm_users ?? []) as Record<string, unknown>[];
  const user = users.find((u) => u.user_id === userId);
  if (!user) throw new Error(`applyEvent: realm_bot owner ${userId} not in realm_users`);
  return user.email;
}

interface PrivateMessage {
  id: number;
  type: string;
  display_recipient: { id: number }[] | string;
}

interface Conversation {
  max_message_id: number;
  user_ids: number[];
}

/** Zulip 2.1's apply_event: a private message makes its conversation the most recent. */
function applyRecentPrivate(state: State, message: PrivateMessage): void {
  if (message.type !== 'private' || typeof message.display_recipient === 'string') return;
  if (typeof state.user_id !== 'number') throw new Error('applyEvent: recent_private_conversations needs user_id (realm_user)');
  const me = state.user_id;
  const userIds = message.display_recipient
    .map((r) => r.id)
    .filter((id) => id !== me)
    .sort((a, b) => a - b);
  const key = userIds.join(',');
  const conversations = state.recent_private_conversations as Conversation[];
  const others = conversations.filter((c) => c.user_ids.join(',') !== key);
  state.recent_private_conversations = [...others, { max_message_id: message.id, user_ids: userIds }].sort(
    (a, b) => b.max_message_id - a.max_message_id,
  );
}
