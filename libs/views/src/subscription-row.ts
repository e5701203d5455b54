/** A row of the subscriptions table (owned by the subscription service). */
export interface SubscriptionRow {
  id: number;
  user_id: number;
  stream_id: number;
  active: boolean;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}
