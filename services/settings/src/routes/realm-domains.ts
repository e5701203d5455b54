import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { createRealmDomain, listRealmDomains, removeRealmDomain, updateRealmDomain } from '../domain/realm-domains';

export function realmDomainEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getRealmDomains, ({ identity }) => listRealmDomains(ctx, identity.realmId)),
    implement(api.createRealmDomain, ({ identity, params }) =>
      createRealmDomain(ctx, identity.realmId, identity.userId, params.domain, params.allow_subdomains),
    ),
    implement(api.updateRealmDomain, ({ identity, params }) =>
      updateRealmDomain(ctx, identity.realmId, identity.userId, params.domain, params.allow_subdomains),
    ),
    implement(api.removeRealmDomain, ({ identity, params }) => removeRealmDomain(ctx, identity.realmId, identity.userId, params.domain)),
  ];
}
