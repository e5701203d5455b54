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
    case 'pointer':
      state.pointer = event.pointer;
      return;
    case 'muted_topics':
      state.muted_topics = event.muted_topics;
      return;
    case 'message': {
      const message = event.message as { id: number };
      state.max_message_id = Math.max(Number(state.max_message_id ?? -1), message.id);
      return;
    }
    case 'subscription':
      applySubscription(state, event);
      return;
    case 'realm_user':
      applyRealmUser(state, event);
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
      users.push(person);
      return;
    case 'update': {
      const user = users.find((u) => u.user_id === person.user_id);
      if (user) Object.assign(user, person);
      if (person.user_id === state.user_id && person.full_name !== undefined) state.full_name = person.full_name;
      return;
    }
    case 'remove':
      state.realm_users = users.filter((u) => u.user_id !== person.user_id);
      return;
    default:
      throw new Error(`applyEvent: no rule for realm_user/${String(event.op)}`);
  }
}
