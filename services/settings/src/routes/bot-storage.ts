import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { removeBotStorage, updateBotStorage } from '../actions/bot-storage';
import { getBotStorage } from '../queries/bot-storage';

export function botStorageEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getBotStorage, ({ identity, params }) => getBotStorage(ctx, identity.realmId, identity.userId, params.keys)),
    implement(api.updateBotStorage, ({ identity, params }) => updateBotStorage(ctx, identity.realmId, identity.userId, params.storage)),
    implement(api.removeBotStorage, ({ identity, params }) => removeBotStorage(ctx, identity.realmId, identity.userId, params.keys)),
  ];
}
