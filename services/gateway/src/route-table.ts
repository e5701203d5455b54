/**
 * The gateway's one route table: which service owns each endpoint and how its caller
 * authenticates. A test checks it against the endpoints the services declare, both ways.
 */
import type { ServiceName } from '@chat/config';
import type { Method } from '@chat/http';

export type RouteAuth = 'user' | 'public' | 'webhook';

export interface Route {
  method: Method;
  /** Express path under /api/v1. */
  path: string;
  service: ServiceName;
  auth: RouteAuth;
  /** Incoming-webhook bots may call it (Zulip's allow_incoming_webhooks, e.g. sending messages). */
  webhookBots?: boolean;
  /**
   * For auth `webhook`: how the integration authenticates. `api_key` (the default) is the query
   * parameter; `basic` is HTTP Basic, for integrations that declare it (their module says so too).
   */
  webhookAuth?: 'api_key' | 'basic';
}

export const ROUTES: Route[] = [
  { method: 'GET', path: '/server_settings', service: 'settings', auth: 'public' },
  { method: 'POST', path: '/dev_fetch_api_key', service: 'settings', auth: 'public' },
  { method: 'GET', path: '/users/me', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/users/me', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/fetch_api_key', service: 'settings', auth: 'public' },
  { method: 'GET', path: '/users', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/users', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/users/:user_id', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/users/:user_id', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/users/:user_id/reactivate', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/users/me/pointer', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/users/me/pointer', service: 'settings', auth: 'user' },
  { method: 'PUT', path: '/users/me/pointer', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/users/me/presence', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/realm/presence', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/users/:email/presence', service: 'settings', auth: 'user' },
  { method: 'PUT', path: '/users/me/status', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/users/me/api_key/regenerate', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/bots', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/bots', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/bots/:bot_id', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/bots/:bot_id', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/bots/:bot_id/api_key/regenerate', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/settings/notifications', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/settings/display', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/realm/emoji', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/realm/emoji/:emoji_name', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/realm/emoji/:emoji_name', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/user_groups', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/user_groups/create', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/user_groups/:user_group_id', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/user_groups/:user_group_id', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/user_groups/:user_group_id/members', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/users/me/alert_words', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/users/me/alert_words', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/users/me/alert_words', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/realm', service: 'settings', auth: 'user' },
  { method: 'GET', path: '/realm/profile_fields', service: 'settings', auth: 'user' },
  { method: 'POST', path: '/realm/profile_fields', service: 'settings', auth: 'user' },
  { method: 'DELETE', path: '/realm/profile_fields/:field_id', service: 'settings', auth: 'user' },
  { method: 'PATCH', path: '/users/me/profile_data', service: 'settings', auth: 'user' },

  { method: 'GET', path: '/users/me/subscriptions', service: 'subscription', auth: 'user' },
  { method: 'POST', path: '/users/me/subscriptions', service: 'subscription', auth: 'user' },
  { method: 'DELETE', path: '/users/me/subscriptions', service: 'subscription', auth: 'user' },
  { method: 'POST', path: '/users/me/subscriptions/properties', service: 'subscription', auth: 'user' },
  { method: 'PATCH', path: '/users/me/subscriptions/muted_topics', service: 'subscription', auth: 'user' },
  { method: 'GET', path: '/users/me/:stream_id/topics', service: 'subscription', auth: 'user' },
  { method: 'GET', path: '/streams', service: 'subscription', auth: 'user' },
  { method: 'GET', path: '/get_stream_id', service: 'subscription', auth: 'user' },
  { method: 'PATCH', path: '/streams/:stream_id', service: 'subscription', auth: 'user' },
  { method: 'DELETE', path: '/streams/:stream_id', service: 'subscription', auth: 'user' },
  { method: 'GET', path: '/streams/:stream_id/members', service: 'subscription', auth: 'user' },
  { method: 'POST', path: '/default_streams', service: 'subscription', auth: 'user' },
  { method: 'DELETE', path: '/default_streams', service: 'subscription', auth: 'user' },

  { method: 'POST', path: '/messages', service: 'message', auth: 'user', webhookBots: true },
  { method: 'GET', path: '/messages', service: 'message', auth: 'user' },
  { method: 'POST', path: '/messages/flags', service: 'message', auth: 'user' },
  { method: 'POST', path: '/mark_all_as_read', service: 'message', auth: 'user' },
  { method: 'POST', path: '/mark_stream_as_read', service: 'message', auth: 'user' },
  { method: 'POST', path: '/mark_topic_as_read', service: 'message', auth: 'user' },
  // Before /messages/:message_id, which would otherwise take these paths.
  { method: 'POST', path: '/messages/render', service: 'message', auth: 'user' },
  { method: 'GET', path: '/messages/matches_narrow', service: 'message', auth: 'user' },
  { method: 'POST', path: '/streams/:stream_id/delete_topic', service: 'message', auth: 'user' },
  { method: 'POST', path: '/typing', service: 'message', auth: 'user' },
  { method: 'GET', path: '/messages/:message_id', service: 'message', auth: 'user' },
  { method: 'PATCH', path: '/messages/:message_id', service: 'message', auth: 'user' },
  { method: 'DELETE', path: '/messages/:message_id', service: 'message', auth: 'user' },
  { method: 'GET', path: '/messages/:message_id/history', service: 'message', auth: 'user' },
  { method: 'POST', path: '/messages/:message_id/reactions', service: 'message', auth: 'user' },
  { method: 'DELETE', path: '/messages/:message_id/reactions', service: 'message', auth: 'user' },
  { method: 'GET', path: '/realm/filters', service: 'message', auth: 'user' },
  { method: 'POST', path: '/realm/filters', service: 'message', auth: 'user' },
  { method: 'DELETE', path: '/realm/filters/:filter_id', service: 'message', auth: 'user' },
  { method: 'POST', path: '/user_uploads', service: 'message', auth: 'user' },
  // Several segments after the realm id: an Express 5 wildcard, the same path as the service's.
  { method: 'GET', path: '/user_uploads/:realm_id/*path', service: 'message', auth: 'user' },
  { method: 'GET', path: '/attachments', service: 'message', auth: 'user' },
  { method: 'DELETE', path: '/attachments/:attachment_id', service: 'message', auth: 'user' },

  { method: 'POST', path: '/register', service: 'event-queue', auth: 'user' },
  { method: 'GET', path: '/events', service: 'event-queue', auth: 'user' },
  { method: 'DELETE', path: '/events', service: 'event-queue', auth: 'user' },

  // Incoming webhooks, one row per integration (services/webhook/src/integrations/registry.ts).
  ...['helloworld', 'slack_incoming', 'json', 'github', 'alertmanager', 'grafana', 'gitlab', 'sentry'].map(
    (name): Route => ({ method: 'POST', path: `/external/${name}`, service: 'webhook', auth: 'webhook' }),
  ),
];
