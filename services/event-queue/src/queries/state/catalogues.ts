/**
 * The initial-state keys that are the same for everyone on this server: Zulip 2.1 serves them
 * from code or from tables this server has no writer for.
 */
import { webhookEndpoints } from '@chat/contracts';
import { EMBEDDED_BOTS } from '@chat/views';
import { STOP_WORDS } from './stop-words';

type Want = (type: string) => boolean;

/**
 * realm_incoming_webhook_bots as at feature level 318: each declared integration with its display
 * name and, in `config_options`, the options its URL takes (moved to `url_options` at level 403).
 * Event types are null: they are the webhook service's, which this tier does not load; GET
 * /integrations lists them.
 */
export const INCOMING_WEBHOOK_BOTS = Object.values(webhookEndpoints).map((integration) => ({
  name: integration.name,
  display_name: integration.displayName,
  all_event_types: null,
  config_options: [...integration.urlOptions],
}));

export function staticState(want: Want): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  // No tutorial here: every user is as 2.1's users who finished it (get_next_hotspots -> []).
  if (want('hotspots')) state.hotspots = [];
  if (want('realm_embedded_bots')) state.realm_embedded_bots = EMBEDDED_BOTS;
  if (want('realm_incoming_webhook_bots')) state.realm_incoming_webhook_bots = INCOMING_WEBHOOK_BOTS;
  if (want('stop_words')) state.stop_words = STOP_WORDS;
  return state;
}
