import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { checkPasswordLogin, fetchApiKey } from '../actions/password-login';
import { checkSecondFactor } from '../actions/second-factor';
import { endWebSession, startWebSession } from '../actions/web-sessions';
import { checkDevLogin, devFetchApiKey, devListUsers } from '../queries/logins';

/** Endpoints that hand out API keys or browser sessions without one. */
export function authEndpoints(ctx: SettingsContext) {
  return [
    implement(api.devFetchApiKey, ({ params, identity }) => devFetchApiKey(ctx, identity.realmId, params.username)),
    implement(api.fetchApiKey, ({ params, identity }) => fetchApiKey(ctx, identity.realmId, params.username, params.password)),
    implement(api.devListUsers, ({ identity }) => devListUsers(ctx, identity.realmId)),
    implement(api.webLogin, async ({ params, identity, req, res }) => {
      const user = await checkPasswordLogin(ctx, identity.realmId, params.username, params.password, (found) =>
        checkSecondFactor(ctx, found, params.code),
      );
      return startWebSession(ctx, user, req, res);
    }),
    implement(api.webDevLogin, async ({ params, identity, req, res }) =>
      startWebSession(ctx, await checkDevLogin(ctx, identity.realmId, params.username), req, res),
    ),
    implement(api.webLogout, ({ identity, req, res }) => endWebSession(ctx, identity.userId, identity.sessionId, req, res)),
  ];
}
