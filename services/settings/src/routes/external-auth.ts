import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import type { SettingsContext } from '../deps';
import { completeOidcLogin, startOidcLogin } from '../actions/oidc-login';
import { takeExternalLoginHandoff } from '../identity/finish-login';

/** Logins through an external provider: browser pages whose answers are redirects. */
export function externalAuthEndpoints(ctx: SettingsContext) {
  return [
    implement(api.oidcLoginStart, async ({ identity, params, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await startOidcLogin(ctx, identity.realmId, params, false));
      return RESPONDED;
    }),
    implement(api.oidcSignupStart, async ({ identity, params, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await startOidcLogin(ctx, identity.realmId, params, true));
      return RESPONDED;
    }),
    implement(api.oidcComplete, async ({ params, req, res }): Promise<typeof RESPONDED> => {
      const end = await completeOidcLogin(ctx, params, req, res);
      if ('page' in end) res.status(200).type('html').send(end.page);
      else res.redirect(302, end.redirect);
      return RESPONDED;
    }),
    implement(api.externalLoginHandoff, async ({ identity, params, req, res }): Promise<typeof RESPONDED> => {
      res.redirect(302, await takeExternalLoginHandoff(ctx, identity.realmId, params.token, req, res));
      return RESPONDED;
    }),
  ];
}
