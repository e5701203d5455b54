/**
 * Streams and subscriptions as Zulip 2.1 shows them: the subscription service answers and emits
 * them, the event-queue service puts them in /register's initial state.
 */
import { streamsMessageCounts, toSeconds, type Executor, type StreamRow, type UserRow } from '@chat/db';
import { notificationSettings } from './user-settings';
import { streamEmailAddress } from './stream-email';
import type { SubscriptionRow } from './subscription-row';

/**
 * Zulip's Stream.to_dict(): a stream as GET /streams and stream events show it. A type alias, as
 * the other dicts here: the compiler checks it against the event schemas of @chat/events where an
 * event carries it, and it still passes where a dict is plain JSON (Record<string, unknown>).
 */
export type StreamDict = Pick<
  StreamRow,
  | 'name'
  | 'description'
  | 'rendered_description'
  | 'invite_only'
  | 'is_web_public'
  | 'is_announcement_only'
  | 'history_public_to_subscribers'
> & {
  stream_id: number;
  first_message_id: number | null;
  /** Seconds since the epoch (feature level 30). */
  date_created: number;
  /** 1 anyone may post, 2 administrators only (level 1; 2.1's is_announcement_only). */
  stream_post_policy: number;
  /** null: the realm's policy (level 17). */
  message_retention_days: number | null;
  /** Archived (level 315): its history stays readable, nothing can be posted to it. */
  is_archived: boolean;
};

/** A subscription as subscription `add` and GET /users/me/subscriptions show it. */
export type SubscriptionDict<Subscriber extends number | string> = StreamDict &
  Omit<SubscriptionRow, 'id' | 'user_id' | 'stream_id' | 'active'> & {
    in_home_view: boolean;
    email_address: string;
    is_old_stream: boolean;
    stream_weekly_traffic: number | null;
    subscribers?: Subscriber[];
  };

export function streamDict(stream: StreamRow): StreamDict {
  return {
    name: stream.name,
    stream_id: stream.id,
    description: stream.description,
    rendered_description: stream.rendered_description,
    invite_only: stream.invite_only,
    is_web_public: stream.is_web_public,
    is_announcement_only: stream.is_announcement_only,
    history_public_to_subscribers: stream.history_public_to_subscribers,
    first_message_id: stream.first_message_id,
    date_created: toSeconds(stream.date_created),
    stream_post_policy: stream.is_announcement_only ? 2 : 1,
    message_retention_days: null,
    is_archived: stream.deactivated,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Zulip's is_old_stream: streams a week old or more show their traffic. */
function ageInDays(stream: StreamRow, now: number): number {
  return Math.floor((now - new Date(stream.date_created).getTime()) / DAY_MS);
}

/**
 * Zulip's get_average_weekly_stream_traffic over the last 28 days: null for a stream younger than
 * a week, at least 1 when there was any traffic, two significant digits.
 */
function weeklyTraffic(ageDays: number, recent: number): number | null {
  if (ageDays < 7) return null;
  let weekly = ageDays >= 28 ? Math.floor(recent / 4) : Math.floor((recent * 7) / ageDays);
  if (weekly === 0 && recent > 0) weekly = 1;
  const digits = String(weekly).length;
  if (digits <= 2) return weekly;
  const unit = 10 ** (digits - 2);
  return Math.round(weekly / unit) * unit;
}

export interface SubscriptionDictOptions<Subscriber extends number | string> {
  externalHost: string;
  /** Subscribers' user ids (events) or e-mails (GET /users/me/subscriptions); omitted when undefined. */
  subscribers?: Map<number, Subscriber[]>;
  /**
   * The subscriber: a notification setting the subscription leaves null (inherit) shows the
   * user's own setting. Undefined keeps null, for clients that declared notification_settings_null.
   */
  inheritFrom?: UserRow;
}

/** Each subscription notification setting and the user setting it inherits when null. */
const INHERITED_SETTINGS = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  push_notifications: 'enable_stream_push_notifications',
  email_notifications: 'enable_stream_email_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
} as const;

type SubscriptionNotificationSettings = Pick<SubscriptionRow, keyof typeof INHERITED_SETTINGS>;

/** The subscription's notification settings, each null one filled from the user's when `user` is given. */
export function subscriptionNotificationSettings(
  sub: SubscriptionNotificationSettings,
  user: UserRow | undefined,
): SubscriptionNotificationSettings {
  const settings = user ? notificationSettings(user) : undefined;
  const out = {} as Record<keyof typeof INHERITED_SETTINGS, boolean | null>;
  for (const [key, inherited] of Object.entries(INHERITED_SETTINGS) as [
    keyof typeof INHERITED_SETTINGS,
    (typeof INHERITED_SETTINGS)[keyof typeof INHERITED_SETTINGS],
  ][]) {
    out[key] = sub[key] ?? (settings ? settings[inherited] === true : null);
  }
  return out;
}

/** Every Subscription field Zulip 2.1 sends, for the `add` event and GET /users/me/subscriptions. */
export async function subscriptionDicts<Subscriber extends number | string>(
  db: Executor,
  pairs: { stream: StreamRow; sub: SubscriptionRow }[],
  options: SubscriptionDictOptions<Subscriber>,
): Promise<SubscriptionDict<Subscriber>[]> {
  const now = Date.now();
  const oldIds = pairs.filter((p) => ageInDays(p.stream, now) >= 7).map((p) => p.stream.id);
  const traffic = oldIds.length > 0 ? await streamsMessageCounts(db, oldIds, new Date(now - 28 * DAY_MS)) : new Map<number, number>();
  return pairs.map(({ stream, sub }) => {
    const age = ageInDays(stream, now);
    return {
      ...streamDict(stream),
      color: sub.color,
      is_muted: sub.is_muted,
      in_home_view: !sub.is_muted,
      pin_to_top: sub.pin_to_top,
      ...subscriptionNotificationSettings(sub, options.inheritFrom),
      email_address: streamEmailAddress(stream.name, stream.email_token, options.externalHost),
      is_old_stream: age >= 7,
      stream_weekly_traffic: weeklyTraffic(age, traffic.get(stream.id) ?? 0),
      ...(options.subscribers ? { subscribers: options.subscribers.get(stream.id) ?? [] } : {}),
    };
  });
}

/** Python's sorted() on strings: by code point, so upper case sorts first. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
