/**
 * Wording that monitoring integrations (Alertmanager, Grafana, Sentry, and later PagerDuty,
 * Opsgenie, ...) share: the status line an alert opens with, times that every reader sees in their
 * own time zone, label lists, and values written as Zulip's Python views write them.
 */
import { invalidArgument } from '@chat/errors';
import type { JsonObject } from './payload';

/** The line an alert message opens with: `:alert: **FIRING**`. */
export function statusLine(emoji: string, label: string): string {
  return `${emoji} **${label}**`;
}

/**
 * A label's (or annotation's) value, which must be a string. Read by key, not by path: label
 * names may hold dots (`kubernetes.io/name`). `where` names the object in the error.
 */
export function labelValue(labels: JsonObject, key: string, where: string): string {
  const value = labels[key];
  if (typeof value !== 'string') throw invalidArgument(`${where}["${key}"]`, value ?? null);
  return value;
}

/** `- key: value` lines, one per entry, each ending in a newline (Grafana's label lists). */
export function dashList(entries: [string, string][]): string {
  return entries.map(([key, value]) => `- ${key}: ${value}\n`).join('');
}

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function offsetOf(zone: string | undefined): string {
  if (zone === undefined) return '';
  if (zone.toUpperCase() === 'Z') return '+00:00';
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

/**
 * A time as Zulip's markdown shows it in each reader's zone: `<time:2021-10-12T09:51:03+02:00>`,
 * to the second, keeping the offset the sender wrote (Zulip's datetime_to_global_time of an ISO
 * 8601 string). `field` names the value in the error when it is not a time.
 */
export function globalTime(iso: string, field = 'time'): string {
  const match = ISO_TIME.exec(iso.trim());
  if (!match) throw invalidArgument(field, iso);
  const [, date, hours = '00', minutes = '00', seconds = '00', zone] = match;
  return `<time:${date}T${hours}:${minutes}:${seconds}${offsetOf(zone)}>`;
}

/** A Unix time in seconds (fractions allowed) as a global time in UTC. */
export function globalTimeOfEpoch(seconds: number): string {
  const whole = new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19);
  return `<time:${whole}+00:00>`;
}
