import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeactivateRealm } from '../actions/realm-deactivation';
import { realmIconRedirect } from '../queries/realm';

/** The raw query string, passed on to the image's URL as Zulip does. */
const queryOf = (url: string): string => url.split('?')[1] ?? '';

export function realmDeactivationEndpoints(ctx: SettingsContext) {
  return [
    implement(api.deactivateRealm, ({ identity }) => doDeactivateRealm(ctx, identity.realmId, identity.userId)),
    implement(api.getRealmIcon, async ({ identity, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await realmIconRedirect(ctx, identity.realmId, queryOf(req.originalUrl)));
      return RESPONDED;
    }),
    // No logo uploads here: every realm's logo is its icon.
    implement(api.getRealmLogo, async ({ identity, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await realmIconRedirect(ctx, identity.realmId, queryOf(req.originalUrl)));
      return RESPONDED;
    }),
  ];
}
