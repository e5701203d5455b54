import { check, checkList, checkString, settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { changeAlertWords, listAlertWords } from '../domain/alert-words';

const wordList = (value: unknown) => check<string[]>(checkList(checkString), 'alert_words', value);

export function alertWordEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getAlertWords, ({ identity }) => listAlertWords(ctx, identity.userId)),
    implement(api.addAlertWords, ({ identity, params }) =>
      changeAlertWords(ctx, identity.realmId, identity.userId, { add: wordList(params.alert_words) }),
    ),
    implement(api.removeAlertWords, ({ identity, params }) =>
      changeAlertWords(ctx, identity.realmId, identity.userId, { remove: wordList(params.alert_words) }),
    ),
  ];
}
