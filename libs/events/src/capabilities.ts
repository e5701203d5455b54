/**
 * Client capabilities (the `client_capabilities` of /register): a client declares which newer
 * shapes it understands, and its queue gets those shapes instead of the older ones. Declared once
 * here; /register stores a queue's set and delivery picks each notice's audience from it.
 */

/**
 * The capabilities this server honours: those up to the feature level it serves (Zulip ignores a
 * capability newer than itself, and so does this server with any not listed here).
 */
export const CLIENT_CAPABILITIES = [
  /** Subscriptions' notification settings stay null when they inherit the user's default. */
  'notification_settings_null',
  /** One delete_message event lists every deleted message (message_ids). */
  'bulk_message_deletion',
  /** avatar_url may be left out of user dicts; this server has no user it leaves it out for. */
  'user_avatar_url_field_optional',
  /** Typing events for channel messages reach the queue. */
  'stream_typing_notifications',
  /** Personal settings only in user_settings, and no legacy settings events. */
  'user_settings_object',
  /**
   * Archived streams in /register's subscriptions, unsubscribed and never_subscribed, with
   * `is_archived` (level 315; never_subscribed from 362). Events are the same with or without
   * it up to level 377, as in Zulip 10.0.
   */
  'archived_channels',
  /** `""` topics reach the queue as `""` (feature level 334); without it, as the realm's display name. */
  'empty_topic_name',
] as const;

export type ClientCapability = (typeof CLIENT_CAPABILITIES)[number];

/**
 * The honoured capabilities a client declared true; unknown keys (a newer client's) are ignored,
 * as Zulip ignores them.
 */
export function declaredCapabilities(raw: Record<string, unknown> | undefined): ClientCapability[] {
  if (!raw) return [];
  return CLIENT_CAPABILITIES.filter((name) => raw[name] === true);
}

/** Who among the listed users' queues gets a notice: only those that declared, or did not declare, one capability. */
export interface CapabilityAudience {
  capability: ClientCapability;
  declared: boolean;
}

export function inAudience(capabilities: readonly string[] | undefined, audience: CapabilityAudience | undefined): boolean {
  if (!audience) return true;
  return (capabilities ?? []).includes(audience.capability) === audience.declared;
}
