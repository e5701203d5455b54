/** GET, POST /realm/filters and DELETE /realm/filters/{filter_id} (Zulip's linkifiers). */
import { messageEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { MessageDeps } from '../deps';
import { checkAddRealmFilter, checkRealmAdmin, doAddRealmFilter, doRemoveRealmFilter } from '../actions/realm-filters';
import { realmFilterTriples } from '../queries/realm-filters';

export function realmFilterEndpoints(deps: MessageDeps) {
  const db = deps.db.knex;
  return [
    implement(api.getRealmFilters, async ({ identity }) => ({ filters: await realmFilterTriples(db, identity.realmId) })),
    implement(api.addRealmFilter, async ({ params, identity }) => {
      const filter = await checkAddRealmFilter(db, identity.realmId, identity.userId, {
        pattern: params.pattern,
        urlFormatString: params.url_format_string,
      });
      const id = await doAddRealmFilter(db, identity.realmId, filter);
      return { id };
    }),
    implement(api.removeRealmFilter, async ({ params, identity }) => {
      await checkRealmAdmin(db, identity.realmId, identity.userId);
      await doRemoveRealmFilter(db, identity.realmId, params.filter_id);
      return {};
    }),
  ];
}
