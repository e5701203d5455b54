/**
 * GET /integrations: every declared integration with what its module posts, for the web client's
 * bot settings (and anyone building a bot's URL).
 */
import { webhookCatalogueEndpoints, webhookEndpoints, type IntegrationListing } from '@chat/contracts';
import { API_PREFIX, implement, type AnyEndpoint } from '@chat/http';
import type { Integration } from './integration';

export function integrationListing(moduleFor: (name: string) => Integration): IntegrationListing[] {
  return Object.values(webhookEndpoints).map((contract) => {
    const module = moduleFor(contract.name);
    return {
      name: contract.name,
      display_name: contract.displayName,
      url: `${API_PREFIX}${contract.path}`,
      summary: contract.posts,
      url_options: [...contract.urlOptions],
      all_event_types: 'events' in module ? Object.keys(module.events) : module.eventTypes ? [...module.eventTypes] : null,
    };
  });
}

export function listIntegrationsEndpoint(moduleFor: (name: string) => Integration): AnyEndpoint {
  const integrations = integrationListing(moduleFor);
  return implement(webhookCatalogueEndpoints.listIntegrations, async () => ({ integrations }));
}
