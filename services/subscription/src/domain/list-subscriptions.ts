import type { SubscriptionDeps } from '../app';
import { streamEmailAddress } from './stream-email';

interface Row {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: boolean;
  is_web_public: boolean;
  is_announcement_only: boolean;
  history_public_to_subscribers: boolean;
  email_token: string;
  first_message_id: number | null;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

/** The caller's subscriptions with every Subscription field (GET /users/me/subscriptions). */
export async function listSubscriptions(
  deps: SubscriptionDeps,
  userId: number,
  includeSubscribers: boolean,
): Promise<Record<string, unknown>[]> {
  const db = deps.db.knex;
  const rows: Row[] = await db('subscriptions as sub')
    .join('streams as s', 's.id', 'sub.stream_id')
    .where({ 'sub.user_id': userId, 'sub.active': true, 's.deactivated': false })
    .orderBy('s.name')
    .select(
      's.id as stream_id', 's.name', 's.description', 's.rendered_description', 's.invite_only', 's.is_web_public',
      's.is_announcement_only', 's.history_public_to_subscribers', 's.email_token', 's.first_message_id',
      'sub.color', 'sub.is_muted', 'sub.pin_to_top', 'sub.desktop_notifications', 'sub.audible_notifications',
      'sub.push_notifications', 'sub.email_notifications', 'sub.wildcard_mentions_notify',
    );
  const subscribers = includeSubscribers ? await subscriberEmails(deps, rows.map((r) => r.stream_id)) : undefined;
  return rows.map(({ email_token: token, is_muted: muted, ...row }) => ({
    ...row,
    is_muted: muted,
    in_home_view: !muted,
    email_address: streamEmailAddress(row.name, token, deps.config.externalHost),
    is_old_stream: true,
    stream_weekly_traffic: null,
    ...(subscribers ? { subscribers: subscribers.get(row.stream_id) ?? [] } : {}),
  }));
}

async function subscriberEmails(deps: SubscriptionDeps, streamIds: number[]): Promise<Map<number, string[]>> {
  const rows: { stream_id: number; email: string }[] = await deps.db
    .knex('subscriptions as sub')
    .join('users as u', 'u.id', 'sub.user_id')
    .whereIn('sub.stream_id', streamIds)
    .where({ 'sub.active': true, 'u.is_active': true })
    .orderBy('u.id')
    .select('sub.stream_id', 'u.email');
  const byStream = new Map<number, string[]>();
  for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row.email]);
  return byStream;
}
