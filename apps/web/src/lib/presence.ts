/**
 * Others' presence as Zulip's web app keeps it: the realm's presences come with /register and
 * again with the answer to every periodic POST /users/me/presence (not ping_only), and a presence
 * event says when someone comes online between two. A user is active while their last active
 * report is younger than the server's offline threshold, idle while any report is, offline after.
 * Ages are measured on the server's clock (the browser's may be off): the answers carry
 * `server_timestamp`, and the client keeps the offset between the two clocks. Pure.
 */
import type { EventMap } from '@chat/events';
import { dict, isRecord, type Dict } from './read';
import type { AppState, Presence } from './types';

export type PresenceStatus = 'active' | 'idle' | 'offline';

/** Zulip's defaults, used until /register says otherwise. */
export const DEFAULT_PRESENCE = { pingIntervalSeconds: 60, offlineThresholdSeconds: 140 };

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Presences keyed by user id (slim_presence), in the modern shape; other keys are ignored. */
export function presencesFrom(raw: unknown): Record<number, Presence> {
  const out: Record<number, Presence> = {};
  for (const [id, p] of Object.entries(dict(raw))) {
    if (/^\d+$/.test(id) && isRecord(p))
      out[Number(id)] = { active_timestamp: num(p.active_timestamp), idle_timestamp: num(p.idle_timestamp) };
  }
  return out;
}

/** The server's clock minus the browser's, in seconds, from a `server_timestamp` read at `localNowMs`. */
export function clockOffset(serverTimestamp: unknown, localNowMs: number, previous = 0): number {
  return typeof serverTimestamp === 'number' && Number.isFinite(serverTimestamp) ? serverTimestamp - localNowMs / 1000 : previous;
}

/** The realm's presences from a presence answer (or /register) replace what the client knew. */
export function applyPresenceAnswer(
  state: AppState,
  answer: { presences?: unknown; server_timestamp?: unknown },
  localNowMs: number,
): AppState {
  if (answer.presences === undefined) return state;
  return {
    ...state,
    presence: presencesFrom(answer.presences),
    serverOffset: clockOffset(answer.server_timestamp, localNowMs, state.serverOffset),
  };
}

/** A presence event: one user's client reported a status at a time (each kept if newer). */
export function applyPresenceEvent(state: AppState, event: EventMap['presence']): AppState {
  const id = event.user_id;
  const next = { ...(state.presence[id] ?? { active_timestamp: 0, idle_timestamp: 0 }) };
  for (const { status, timestamp } of Object.values(event.presence)) {
    // As in the modern shape: idle_timestamp is when any client was last seen, active or not.
    if (status === 'active') next.active_timestamp = Math.max(next.active_timestamp, timestamp);
    next.idle_timestamp = Math.max(next.idle_timestamp, timestamp);
  }
  return { ...state, presence: { ...state.presence, [id]: next } };
}

/** A user's status at the browser's `localNowMs`; the user themself is always active. */
export function presenceStatus(state: AppState, userId: number, localNowMs: number): PresenceStatus {
  if (userId === state.selfId) return 'active';
  const info = state.presence[userId];
  if (!info) return 'offline';
  const serverNow = localNowMs / 1000 + state.serverOffset;
  const threshold = state.presenceSettings.offlineThresholdSeconds;
  if (serverNow - info.active_timestamp < threshold) return 'active';
  if (serverNow - info.idle_timestamp < threshold) return 'idle';
  return 'offline';
}

/** The server's presence settings from /register (Zulip's defaults when it does not say). */
export function presenceSettingsFrom(register: Dict): AppState['presenceSettings'] {
  const positive = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
  return {
    pingIntervalSeconds: positive(register.server_presence_ping_interval_seconds, DEFAULT_PRESENCE.pingIntervalSeconds),
    offlineThresholdSeconds: positive(register.server_presence_offline_threshold_seconds, DEFAULT_PRESENCE.offlineThresholdSeconds),
  };
}
