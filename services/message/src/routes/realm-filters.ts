/** GET, POST /realm/filters and DELETE /realm/filters/{filter_id} (Zulip's linkifiers). */
import { plainError } from '@chat/errors';
import { defineEndpoint, p } from '@chat/http';
import type { MessageDeps } from '../app';
import { doAddRealmFilter, doRemoveRealmFilter, listRealmFilters } from '../domain/realm-filters';
import { pathIdParam } from './message-ops';

/** Zulip routes only digits here (`(?P<filter_id>\d+)`). */
const filterIdParam = pathIdParam(() => plainError('Filter not found'));

export function realmFilterEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    defineEndpoint({
      method: 'GET',
      path: '/realm/filters',
      auth: 'user',
      params: {},
      handler: async ({ identity }) => ({ filters: await listRealmFilters(db, identity.realmId) }),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/realm/filters',
      auth: 'user',
      // Optional here: a non-administrator is refused before missing arguments are reported.
      params: { pattern: p.string(), url_format_string: p.string() },
      handler: async ({ params, identity }) => {
        const id = await doAddRealmFilter(db, identity.realmId, identity.userId, {
          pattern: params.pattern,
          urlFormatString: params.url_format_string,
        });
        deps.onCommit?.();
        return { id };
      },
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/realm/filters/:filter_id',
      auth: 'user',
      params: { filter_id: filterIdParam },
      handler: async ({ params, identity }) => {
        await doRemoveRealmFilter(db, identity.realmId, identity.userId, params.filter_id);
        deps.onCommit?.();
        return {};
      },
    }),
  ];
}
