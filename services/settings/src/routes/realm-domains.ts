import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doCreateRealmDomain, doRemoveRealmDomain, doUpdateRealmDomain } from '../actions/realm-domains';
import { listRealmDomains } from '../queries/realm-domains';

export function realmDomainEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getRealmDomains, ({ identity }) => listRealmDomains(ctx, identity.realmId)),
    implement(api.createRealmDomain, ({ identity, params }) =>
      doCreateRealmDomain(ctx, identity.realmId, identity.userId, params.domain, params.allow_subdomains),
    ),
    implement(api.updateRealmDomain, ({ identity, params }) =>
      doUpdateRealmDomain(ctx, identity.realmId, identity.userId, params.domain, params.allow_subdomains),
    ),
    implement(api.removeRealmDomain, ({ identity, params }) => doRemoveRealmDomain(ctx, identity.realmId, identity.userId, params.domain)),
  ];
}
