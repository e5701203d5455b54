import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { runZcommand } from '../domain/zcommand';

export function zcommandEndpoints(ctx: SettingsContext) {
  return [implement(api.runZcommand, ({ identity, params }) => runZcommand(ctx, identity.realmId, identity.userId, params.command))];
}
