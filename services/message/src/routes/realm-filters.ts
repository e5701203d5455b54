/** GET, POST /realm/filters and DELETE /realm/filters/{filter_id} (Zulip's linkifiers). */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../app';
import { doAddRealmFilter, doRemoveRealmFilter, listRealmFilters } from '../domain/realm-filters';

export function realmFilterEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    implement(api.getRealmFilters, async ({ identity }) => ({ filters: await listRealmFilters(db, identity.realmId) })),
    implement(api.addRealmFilter, async ({ params, identity }) => {
      const id = await doAddRealmFilter(db, identity.realmId, identity.userId, {
        pattern: params.pattern,
        urlFormatString: params.url_format_string,
      });
      deps.onCommit?.();
      return { id };
    }),
    implement(api.removeRealmFilter, async ({ params, identity }) => {
      await doRemoveRealmFilter(db, identity.realmId, identity.userId, params.filter_id);
      deps.onCommit?.();
      return {};
    }),
  ];
}
