import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doAddBot, doDeactivateBot, doPatchBot, regenerateBotApiKey } from '../actions/bots';
import { listBots } from '../queries/bots';

export function botEndpoints(ctx: SettingsContext) {
  return [
    implement(api.createBot, ({ identity, params }) =>
      doAddBot(ctx, identity.realmId, identity.userId, {
        fullName: params.full_name,
        shortName: params.short_name,
        botType: params.bot_type,
        payloadUrl: params.payload_url,
        interfaceType: params.interface_type,
        serviceName: params.service_name,
      }),
    ),
    implement(api.getBots, ({ identity }) => listBots(ctx, identity.realmId, identity.userId)),
    implement(api.updateBot, ({ identity, params }) =>
      doPatchBot(ctx, identity.realmId, identity.userId, params.bot_id, {
        fullName: params.full_name,
        botOwnerId: params.bot_owner_id,
        defaultAllPublicStreams: params.default_all_public_streams,
        servicePayloadUrl: params.service_payload_url,
        serviceInterface: params.service_interface,
      }),
    ),
    implement(api.deactivateBot, ({ identity, params }) => doDeactivateBot(ctx, identity.realmId, identity.userId, params.bot_id)),
    implement(api.regenerateBotApiKey, ({ identity, params }) =>
      regenerateBotApiKey(ctx, identity.realmId, identity.userId, params.bot_id),
    ),
  ];
}
