import { defineEndpoint, p, jsonOrPlainString } from '@chat/http';
import type { SettingsContext } from '../app';
import { addBot, deactivateBot, listBots, patchBot, regenerateBotApiKey } from '../domain/bots';

const botId = { bot_id: p.int({ required: true }) };

export function botEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'POST',
      path: '/bots',
      auth: 'user',
      params: {
        full_name: p.string({ required: true }),
        short_name: p.string({ required: true }),
        bot_type: p.int({ default: 1 }),
      },
      handler: ({ identity, params }) =>
        addBot(ctx, identity.realmId, identity.userId, {
          fullName: params.full_name,
          shortName: params.short_name,
          botType: params.bot_type,
        }),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/bots',
      auth: 'user',
      params: {},
      handler: ({ identity }) => listBots(ctx, identity.realmId, identity.userId),
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/bots/:bot_id',
      auth: 'user',
      params: {
        ...botId,
        full_name: p.custom((raw) => jsonOrPlainString(raw)),
        bot_owner_id: p.int(),
        default_all_public_streams: p.bool(),
      },
      handler: ({ identity, params }) =>
        patchBot(ctx, identity.realmId, identity.userId, params.bot_id, {
          fullName: params.full_name,
          botOwnerId: params.bot_owner_id,
          defaultAllPublicStreams: params.default_all_public_streams,
        }),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/bots/:bot_id',
      auth: 'user',
      params: botId,
      handler: ({ identity, params }) => deactivateBot(ctx, identity.realmId, identity.userId, params.bot_id),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/bots/:bot_id/api_key/regenerate',
      auth: 'user',
      params: botId,
      handler: ({ identity, params }) => regenerateBotApiKey(ctx, identity.realmId, identity.userId, params.bot_id),
    }),
  ];
}
