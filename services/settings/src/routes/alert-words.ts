import { check, checkList, checkString, defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { changeAlertWords, listAlertWords } from '../domain/alert-words';

const wordList = (value: unknown) => check<string[]>(checkList(checkString), 'alert_words', value);

const words = { alert_words: p.json<unknown>({ default: [], schema: { description: 'JSON list of words (checked by the handler)' } }) };

export function alertWordEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/users/me/alert_words',
      auth: 'user',
      params: {},
      handler: ({ identity }) => listAlertWords(ctx, identity.userId),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/users/me/alert_words',
      auth: 'user',
      params: words,
      handler: ({ identity, params }) =>
        changeAlertWords(ctx, identity.realmId, identity.userId, { add: wordList(params.alert_words) }),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/users/me/alert_words',
      auth: 'user',
      params: words,
      handler: ({ identity, params }) =>
        changeAlertWords(ctx, identity.realmId, identity.userId, { remove: wordList(params.alert_words) }),
    }),
  ];
}
