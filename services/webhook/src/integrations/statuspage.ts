/**
 * Statuspage's webhook subscriptions: an incident's update (its state and latest message) or a
 * component's status change, in a topic naming it and the page's overall status.
 */
import { anomalousPayload } from '../framework/errors';
import type { Integration } from '../framework/integration';
import { optArray, requireString } from '../framework/payload';

export const statuspage: Integration = {
  name: 'statuspage',
  eventOf(payload) {
    if (Object.hasOwn(payload, 'incident')) return 'incident';
    if (Object.hasOwn(payload, 'component')) return 'component';
    throw anomalousPayload();
  },
  events: {
    incident(payload) {
      const name = requireString(payload, 'incident.name');
      const status = requireString(payload, 'page.status_description');
      const state = requireString(payload, 'incident.status');
      // The newest update comes first.
      const update = requireString(optArray(payload, 'incident.incident_updates')[0], 'body');
      return [{ topic: `${name}: ${status}`, content: `**${name}**:\n* State: **${state}**\n* Description: ${update}` }];
    },
    component(payload) {
      const name = requireString(payload, 'component.name');
      const status = requireString(payload, 'page.status_description');
      const from = requireString(payload, 'component_update.old_status');
      const to = requireString(payload, 'component_update.new_status');
      return [{ topic: `${name}: ${status}`, content: `**${name}** has changed status from **${from}** to **${to}**.` }];
    },
  },
};
