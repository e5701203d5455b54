/** Presence and user status: Zulip 2.1's /users/me/presence, /realm/presence, /users/{email}/presence, /users/me/status. */
import { settingsEndpoints as api } from '@chat/contracts';
import { clientName, implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doUpdatePresence, doUpdateUserStatus } from '../actions/presence';
import { getUserPresence, presenceResponse } from '../queries/presence';

export function presenceEndpoints(ctx: SettingsContext) {
  return [
    implement(api.updatePresence, ({ identity, params, req }) =>
      doUpdatePresence(ctx, identity.realmId, identity.userId, {
        status: params.status,
        pingOnly: params.ping_only,
        slim: params.slim_presence,
        client: clientName(req),
      }),
    ),
    implement(api.getRealmPresence, ({ identity }) => presenceResponse(ctx, identity.realmId, false)),
    implement(api.getUserPresence, ({ identity, params }) => getUserPresence(ctx, identity.realmId, params.email)),
    implement(api.updateStatus, ({ identity, params, req }) =>
      doUpdateUserStatus(ctx, identity.realmId, identity.userId, {
        away: params.away,
        statusText: params.status_text,
        client: clientName(req),
      }),
    ),
  ];
}
