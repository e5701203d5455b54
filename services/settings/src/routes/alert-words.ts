import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doChangeAlertWords } from '../actions/alert-words';
import { listAlertWords } from '../queries/alert-words';

export function alertWordEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getAlertWords, ({ identity }) => listAlertWords(ctx, identity.userId)),
    implement(api.addAlertWords, ({ identity, params }) =>
      doChangeAlertWords(ctx, identity.realmId, identity.userId, { add: params.alert_words }),
    ),
    implement(api.removeAlertWords, ({ identity, params }) =>
      doChangeAlertWords(ctx, identity.realmId, identity.userId, { remove: params.alert_words }),
    ),
  ];
}
