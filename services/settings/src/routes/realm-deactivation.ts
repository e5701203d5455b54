import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeactivateRealm } from '../actions/realm-deactivation';
import { realmIconRedirect } from '../queries/realm';

export function realmDeactivationEndpoints(ctx: SettingsContext) {
  const redirectToIcon = (contract: typeof api.getRealmIcon | typeof api.getRealmLogo) =>
    implement(contract, async ({ identity, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await realmIconRedirect(ctx, identity.realmId, req.originalUrl));
      return RESPONDED;
    });
  return [
    implement(api.deactivateRealm, ({ identity }) => doDeactivateRealm(ctx, identity.realmId, identity.userId)),
    redirectToIcon(api.getRealmIcon),
    // No logo uploads here: every realm's logo is its icon.
    redirectToIcon(api.getRealmLogo),
  ];
}
