import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doRunZcommand } from '../actions/zcommand';

export function zcommandEndpoints(ctx: SettingsContext) {
  return [implement(api.runZcommand, ({ identity, params }) => doRunZcommand(ctx, identity.realmId, identity.userId, params.command))];
}
