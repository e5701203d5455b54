/** Subscription and stream events. */
import type { EventMap } from '@chat/events';
import { str } from './read';
import { removeIds } from './state-base';
import { toStream, toSubscription } from './state-register';
import type { AppState, Subscription } from './types';

export function applySubscription(state: AppState, event: EventMap['subscription']): AppState {
  switch (event.op) {
    case 'add': {
      const subs = { ...state.subs };
      const streams = { ...state.streams };
      for (const raw of event.subscriptions) {
        const sub = toSubscription(raw);
        subs[sub.stream_id] = sub;
        streams[sub.stream_id] = toStream(raw);
      }
      return { ...state, subs, streams };
    }
    case 'remove':
      return {
        ...state,
        subs: removeIds(
          state.subs,
          event.subscriptions.map((s) => s.stream_id),
        ),
      };
    case 'update': {
      const { stream_id: id, property, value } = event;
      const sub = state.subs[id];
      if (!sub) return state;
      let change: Partial<Subscription> = {};
      if (property === 'in_home_view') change = { in_home_view: value === true, is_muted: value !== true };
      else if (property === 'is_muted') change = { is_muted: value === true, in_home_view: value !== true };
      else if (property === 'color' && typeof value === 'string') change = { color: value };
      else if (property === 'pin_to_top') change = { pin_to_top: value === true };
      else if (property === 'desktop_notifications') change = { desktop_notifications: typeof value === 'boolean' ? value : null };
      // A stream's name and description change by stream events (applyStream), not subscription ones.
      else return state;
      return { ...state, subs: { ...state.subs, [id]: { ...sub, ...change } } };
    }
    default:
      return state;
  }
}

export function applyStream(state: AppState, event: EventMap['stream']): AppState {
  switch (event.op) {
    case 'create':
    case 'occupy': {
      const streams = { ...state.streams };
      for (const raw of event.streams) streams[raw.stream_id] = toStream(raw);
      return { ...state, streams };
    }
    case 'delete':
    case 'vacate': {
      const ids = event.streams.map((s) => s.stream_id);
      return { ...state, streams: removeIds(state.streams, ids), subs: removeIds(state.subs, ids) };
    }
    case 'update': {
      const { stream_id: id, property } = event;
      if (property !== 'name' && property !== 'description' && property !== 'invite_only') return state;
      const value = property === 'invite_only' ? event.value === true : str(event.value);
      const streams = state.streams[id] ? { ...state.streams, [id]: { ...state.streams[id], [property]: value } } : state.streams;
      const subs = state.subs[id] ? { ...state.subs, [id]: { ...state.subs[id], [property]: value } } : state.subs;
      return { ...state, streams, subs };
    }
    default:
      return state;
  }
}
